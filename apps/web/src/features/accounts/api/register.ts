import { useEndpointMutation } from '@/lib/endpoint-query';
import { SIGN_IN } from './sign-in';

/** login.register: a new customer account, proven with a code, signed in. */
export const useRegister = () => useEndpointMutation('login', 'register', SIGN_IN);
