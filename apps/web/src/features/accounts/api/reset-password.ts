import { useEndpointMutation } from '@/lib/endpoint-query';

/** login.reset_password: a code sent to the account sets a new password and ends every session. */
export const useResetPassword = () => useEndpointMutation('login', 'reset_password', { invalidates: [] });
