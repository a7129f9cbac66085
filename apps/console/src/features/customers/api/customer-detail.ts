import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const customerDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['adminCustomer', 'detail', { id }], queryFn: ({ signal }) => adminCall('adminCustomer', 'detail', { id }, { signal }), enabled: id > 0 });

export const useCustomerDetail = (id: number) => useQuery(customerDetailQueryOptions(id));
