import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const poolListQueryOptions = (input: AdminRequestOf<'adminInventory', 'pools'>) =>
  queryOptions({ queryKey: ['adminInventory', 'pools', input], queryFn: ({ signal }) => adminCall('adminInventory', 'pools', input, { signal }), placeholderData: keepPreviousData });

export const usePoolList = (input: AdminRequestOf<'adminInventory', 'pools'>) => useQuery(poolListQueryOptions(input));
