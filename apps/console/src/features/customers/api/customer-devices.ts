import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const customerDevicesQueryOptions = (input: AdminRequestOf<'adminCustomer', 'devices'>) =>
  queryOptions({ queryKey: ['adminCustomer', 'devices', input], queryFn: ({ signal }) => adminCall('adminCustomer', 'devices', input, { signal }), placeholderData: keepPreviousData });

export const useCustomerDevices = (input: AdminRequestOf<'adminCustomer', 'devices'>) => useQuery(customerDevicesQueryOptions(input));
