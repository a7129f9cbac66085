import { useEndpointMutation } from '@/lib/endpoint-query';

/**
 * login.logout (resellerLogin.logout for a reseller): the server forgets the session. Quiet:
 * the browser forgets it anyway, so a session the server had already ended is no failure.
 */
export const useLogout = (reseller: boolean) => useEndpointMutation(reseller ? 'resellerLogin' : 'login', 'logout', { invalidates: [], silent: true });
