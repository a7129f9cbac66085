import type { AdminRequestOf } from '@simshop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

/** Customers write at any time: the list looks again every 20 seconds while it is open. */
export const conversationsQueryOptions = (input: AdminRequestOf<'adminMessage', 'conversations'>) => queryOptions({ ...endpointListQuery('adminMessage', 'conversations', input), refetchInterval: 20_000 });

export const useConversations = (input: AdminRequestOf<'adminMessage', 'conversations'>) => useQuery(conversationsQueryOptions(input));
