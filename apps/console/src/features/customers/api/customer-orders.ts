import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const customerOrdersQueryOptions = (input: AdminRequestOf<'adminCustomer', 'orders'>) => endpointListQuery('adminCustomer', 'orders', input);

export const useCustomerOrders = (input: AdminRequestOf<'adminCustomer', 'orders'>) => useQuery(customerOrdersQueryOptions(input));
