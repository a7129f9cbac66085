import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const customerDevicesQueryOptions = (input: AdminRequestOf<'adminCustomer', 'devices'>) => endpointListQuery('adminCustomer', 'devices', input);

export const useCustomerDevices = (input: AdminRequestOf<'adminCustomer', 'devices'>) => useQuery(customerDevicesQueryOptions(input));
