import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const storeListQueryOptions = (input: AdminRequestOf<'adminStore', 'list'>) =>
  queryOptions({ queryKey: ['adminStore', 'list', input], queryFn: ({ signal }) => adminCall('adminStore', 'list', input, { signal }), placeholderData: keepPreviousData });

export const useStoreList = (input: AdminRequestOf<'adminStore', 'list'>) => useQuery(storeListQueryOptions(input));
