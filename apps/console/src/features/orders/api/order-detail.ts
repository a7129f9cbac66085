import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const orderDetailQueryOptions = (orderNo: string) =>
  queryOptions({ queryKey: ['adminOrder', 'detail', { orderNo }], queryFn: ({ signal }) => adminCall('adminOrder', 'detail', { orderNo }, { signal }) });

export const useOrderDetail = (orderNo: string) => useQuery(orderDetailQueryOptions(orderNo));
