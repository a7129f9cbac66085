import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const productListQueryOptions = (input: AdminRequestOf<'adminProduct', 'list'>) => endpointListQuery('adminProduct', 'list', input);

export const useProductList = (input: AdminRequestOf<'adminProduct', 'list'>) => useQuery(productListQueryOptions(input));
