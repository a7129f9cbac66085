import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

export const productChoicesQueryOptions = () => queryOptions({ ...endpointQuery('adminContent', 'product_choices', {}), staleTime: 60_000 });

export const useProductChoices = () => useQuery(productChoicesQueryOptions());
