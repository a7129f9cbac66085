import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const productListQueryOptions = (input: AdminRequestOf<'adminProduct', 'list'>) =>
  queryOptions({ queryKey: ['adminProduct', 'list', input], queryFn: ({ signal }) => adminCall('adminProduct', 'list', input, { signal }), placeholderData: keepPreviousData });

export const useProductList = (input: AdminRequestOf<'adminProduct', 'list'>) => useQuery(productListQueryOptions(input));
