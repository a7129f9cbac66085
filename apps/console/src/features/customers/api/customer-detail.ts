import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

export const customerDetailQueryOptions = (id: number) => queryOptions({ ...endpointQuery('adminCustomer', 'detail', { id }), enabled: id > 0 });

export const useCustomerDetail = (id: number) => useQuery(customerDetailQueryOptions(id));
