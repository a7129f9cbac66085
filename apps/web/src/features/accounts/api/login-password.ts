import { useEndpointMutation } from '@/lib/endpoint-query';
import { SIGN_IN } from './sign-in';

/** login.password: a customer signs in with account and password. */
export const useLoginPassword = () => useEndpointMutation('login', 'password', SIGN_IN);
