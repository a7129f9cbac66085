import { useEndpointMutation } from '@/lib/endpoint-query';
import { SIGN_IN } from './sign-in';

/** resellerLogin.password: a reseller signs in with account and password (foreign or not). */
export const useResellerLoginPassword = () => useEndpointMutation('resellerLogin', 'password', SIGN_IN);
