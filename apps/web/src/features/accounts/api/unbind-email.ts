import { useEndpointMutation } from '@/lib/endpoint-query';
import { userWritten } from './update-user';
import { userEndpoint } from './user-endpoint';

/** user.unbind_email: unbinds the email address, proven with a code sent to it; the account's info reads again. */
export const useUnbindEmail = () => useEndpointMutation(userEndpoint(), 'unbind_email', userWritten);
