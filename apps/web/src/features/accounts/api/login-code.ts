import { useEndpointMutation } from '@/lib/endpoint-query';
import { SIGN_IN } from './sign-in';

/** login.code: a customer signs in with a code sent to the phone or email. */
export const useLoginCode = () => useEndpointMutation('login', 'code', SIGN_IN);
