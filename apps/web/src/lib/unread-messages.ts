import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The shop's unread answers: the badge on the mine page and on "Contact us" (shared by the mine, help and messages features). The chat page refreshes it. */
export const unreadQueryKey = ['message', 'unread', {}] as const;

export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: unreadQueryKey,
    queryFn: ({ signal }) => call('message', 'unread', {}, { signal, silent: true }),
    refetchInterval: 30_000,
  });

/** Only asked for when someone is signed in (the conversation is theirs). */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({ ...unreadQueryOptions(), enabled });
}
