import { useEndpointMutation } from '@/lib/endpoint-query';
import { SIGN_IN } from './sign-in';

/** resellerLogin.code: a reseller signs in with a code sent to the phone or email. */
export const useResellerLoginCode = () => useEndpointMutation('resellerLogin', 'code', SIGN_IN);
