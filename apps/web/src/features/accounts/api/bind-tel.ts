import { useEndpointMutation } from '@/lib/endpoint-query';
import { userWritten } from './update-user';
import { userEndpoint } from './user-endpoint';

/** user.bind_tel: binds a phone number proven with a code sent to it; the account's info reads again. */
export const useBindTel = () => useEndpointMutation(userEndpoint(), 'bind_tel', userWritten);
