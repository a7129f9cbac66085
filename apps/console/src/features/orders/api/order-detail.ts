import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

export const orderDetailQueryOptions = (orderNo: string) => endpointQuery('adminOrder', 'detail', { orderNo });

export const useOrderDetail = (orderNo: string) => useQuery(orderDetailQueryOptions(orderNo));
