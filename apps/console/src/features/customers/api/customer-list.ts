import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const customerListQueryOptions = (input: AdminRequestOf<'adminCustomer', 'list'>) =>
  queryOptions({ queryKey: ['adminCustomer', 'list', input], queryFn: ({ signal }) => adminCall('adminCustomer', 'list', input, { signal }), placeholderData: keepPreviousData });

export const useCustomerList = (input: AdminRequestOf<'adminCustomer', 'list'>) => useQuery(customerListQueryOptions(input));
