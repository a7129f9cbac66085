import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** The products on sale a post may link to (the content endpoint's picker list, same cache as the home editor's). */
export const productChoicesQueryOptions = () => queryOptions({ ...endpointQuery('adminContent', 'product_choices', {}), staleTime: 60_000 });

export const useProductChoices = () => useQuery(productChoicesQueryOptions());
