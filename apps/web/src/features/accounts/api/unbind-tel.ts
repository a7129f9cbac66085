import { useEndpointMutation } from '@/lib/endpoint-query';
import { userWritten } from './update-user';
import { userEndpoint } from './user-endpoint';

/** user.unbind_tel: unbinds the phone number, proven with a code sent to it; the account's info reads again. */
export const useUnbindTel = () => useEndpointMutation(userEndpoint(), 'unbind_tel', userWritten);
