import { MESSAGE_PAGE_SIZE } from '@simshop/contract';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminCall } from '@/lib/api-client';
import { endpointKey } from '@/lib/endpoint-query';

/**
 * One reseller's conversation, newest page first; "older" pages come before it (a cursor, not
 * the page numbers endpointInfiniteQuery turns). Opening it marks what the reseller wrote as
 * read, so the conversation list is refreshed once it has loaded.
 */
export const threadQueryOptions = (userId: number) =>
  infiniteQueryOptions({
    queryKey: endpointKey('adminMessage', 'thread', { userId }),
    queryFn: ({ pageParam, signal }) => adminCall('adminMessage', 'thread', { userId, size: MESSAGE_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasOlder && last.items[0] ? last.items[0].id : undefined),
    enabled: userId > 0,
    refetchInterval: 15_000,
  });

export function useThread(userId: number) {
  const client = useQueryClient();
  const query = useInfiniteQuery(threadQueryOptions(userId));
  const loadedAt = query.dataUpdatedAt;
  useEffect(() => {
    if (loadedAt > 0) void client.invalidateQueries({ queryKey: endpointKey('adminMessage', 'conversations') });
  }, [client, loadedAt]);
  return query;
}
