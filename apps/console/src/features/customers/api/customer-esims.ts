import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const customerEsimsQueryOptions = (input: AdminRequestOf<'adminCustomer', 'esims'>) =>
  queryOptions({ queryKey: ['adminCustomer', 'esims', input], queryFn: ({ signal }) => adminCall('adminCustomer', 'esims', input, { signal }), placeholderData: keepPreviousData });

export const useCustomerEsims = (input: AdminRequestOf<'adminCustomer', 'esims'>) => useQuery(customerEsimsQueryOptions(input));
