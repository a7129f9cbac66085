import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const customerEsimsQueryOptions = (input: AdminRequestOf<'adminCustomer', 'esims'>) => endpointListQuery('adminCustomer', 'esims', input);

export const useCustomerEsims = (input: AdminRequestOf<'adminCustomer', 'esims'>) => useQuery(customerEsimsQueryOptions(input));
