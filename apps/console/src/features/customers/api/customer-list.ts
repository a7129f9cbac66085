import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const customerListQueryOptions = (input: AdminRequestOf<'adminCustomer', 'list'>) => endpointListQuery('adminCustomer', 'list', input);

export const useCustomerList = (input: AdminRequestOf<'adminCustomer', 'list'>) => useQuery(customerListQueryOptions(input));
