import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const customerOrdersQueryOptions = (input: AdminRequestOf<'adminCustomer', 'orders'>) =>
  queryOptions({ queryKey: ['adminCustomer', 'orders', input], queryFn: ({ signal }) => adminCall('adminCustomer', 'orders', input, { signal }), placeholderData: keepPreviousData });

export const useCustomerOrders = (input: AdminRequestOf<'adminCustomer', 'orders'>) => useQuery(customerOrdersQueryOptions(input));
