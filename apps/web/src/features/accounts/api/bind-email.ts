import { useEndpointMutation } from '@/lib/endpoint-query';
import { userWritten } from './update-user';
import { userEndpoint } from './user-endpoint';

/** user.bind_email: binds an email address proven with a code sent to it; the account's info reads again. */
export const useBindEmail = () => useEndpointMutation(userEndpoint(), 'bind_email', userWritten);
