import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGE_PAGE_MAX } from '@simshop/contract';
import { call } from '@/lib/api-client';
import { endpointKey } from '@/lib/endpoint-query';

/** How often the open chat asks for news. TanStack Query pauses the interval while the tab is hidden. */
const POLL_MS = 3000;

/**
 * message.list as the open chat polls it: without messages the newest page, then what came
 * after the newest id held. The body is the key, so a new newest id asks for news at once.
 * After the first page, failures stay quiet: the next poll tries again.
 */
export const messagePollQuery = (lastId: number | undefined, quiet: boolean) => {
  const body = lastId ? { after: lastId, size: MESSAGE_PAGE_MAX } : {};
  return queryOptions({
    queryKey: endpointKey('message', 'list', body),
    queryFn: async ({ signal }) => {
      const page = await call('message', 'list', body, { signal, silent: quiet });
      return { ...page, kind: lastId ? ('news' as const) : ('newest' as const) };
    },
    refetchInterval: POLL_MS,
    staleTime: 0,
    gcTime: 0,
  });
};
export const useMessagePoll = (lastId: number | undefined, quiet: boolean) => useQuery(messagePollQuery(lastId, quiet));
