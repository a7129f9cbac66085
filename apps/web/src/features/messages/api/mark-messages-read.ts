import { useEndpointMutation } from '@/lib/endpoint-query';
import { unreadQueryKey } from './unread-messages';

/**
 * message.read: the shop's answers count as read. The answer is the new unread count, put
 * straight into the badge's query; quiet, since the next news marks them again.
 */
export const useMarkMessagesRead = () => useEndpointMutation('message', 'read', { invalidates: [], silent: true, written: (queryClient, unread) => queryClient.setQueryData(unreadQueryKey, unread) });
