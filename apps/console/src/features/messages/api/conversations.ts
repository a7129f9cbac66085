import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

/** Customers write at any time: the list looks again every 20 seconds while it is open. */
export const conversationsQueryOptions = (input: AdminRequestOf<'adminMessage', 'conversations'>) =>
  queryOptions({
    queryKey: ['adminMessage', 'conversations', input],
    queryFn: ({ signal }) => adminCall('adminMessage', 'conversations', input, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 20_000,
  });

export const useConversations = (input: AdminRequestOf<'adminMessage', 'conversations'>) => useQuery(conversationsQueryOptions(input));
