import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const orderListQueryOptions = (input: AdminRequestOf<'adminOrder', 'list'>) => endpointListQuery('adminOrder', 'list', input);

export const useOrderList = (input: AdminRequestOf<'adminOrder', 'list'>) => useQuery(orderListQueryOptions(input));
