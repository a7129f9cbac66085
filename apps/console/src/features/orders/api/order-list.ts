import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const orderListQueryOptions = (input: AdminRequestOf<'adminOrder', 'list'>) =>
  queryOptions({ queryKey: ['adminOrder', 'list', input], queryFn: ({ signal }) => adminCall('adminOrder', 'list', input, { signal }), placeholderData: keepPreviousData });

export const useOrderList = (input: AdminRequestOf<'adminOrder', 'list'>) => useQuery(orderListQueryOptions(input));
