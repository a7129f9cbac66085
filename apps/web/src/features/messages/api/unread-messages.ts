import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/**
 * message.unread: the shop's unread answers, the badge on the mine page and on "Contact us"
 * (the mine, help and messages features read it; the chat page refreshes it).
 */
export const unreadQueryOptions = () => queryOptions({ ...endpointQuery('message', 'unread', {}, { silent: true }), refetchInterval: 30_000 });
export const unreadQueryKey = unreadQueryOptions().queryKey;

/** Only asked for when someone is signed in (the conversation is theirs). */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({ ...unreadQueryOptions(), enabled });
}
