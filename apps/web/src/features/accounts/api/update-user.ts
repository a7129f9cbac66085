import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';
import { updateStoredUser } from '@/lib/session';
import { userEndpoint } from './user-endpoint';

/**
 * What a change to the account changes: its info page, and the copy of the user the session
 * keeps (the mine page's greeting reads it). Shared by the account writes that answer the user.
 */
export const userWritten = { invalidates: [endpointKey('user', 'info'), endpointKey('resellerUser', 'info')], written: (_: unknown, user: unknown) => updateStoredUser(user) } as const;

/** user.update: nickname, name or avatar; field errors are shown at the field. */
export const useUpdateUser = () => useEndpointMutation(userEndpoint(), 'update', userWritten);
