import { useEndpointMutation } from '@/lib/endpoint-query';
import { userEndpoint } from './user-endpoint';

/** user.modify_password: nothing the shop shows changes; field errors are shown at the field. */
export const useModifyPassword = () => useEndpointMutation(userEndpoint(), 'modify_password', { invalidates: [] });
