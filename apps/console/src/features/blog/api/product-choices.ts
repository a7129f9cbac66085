import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

/** The products on sale a post may link to (the content endpoint's picker list, same cache as the home editor's). */
export const productChoicesQueryOptions = () => queryOptions({ queryKey: ['adminContent', 'product_choices', {}], queryFn: ({ signal }) => adminCall('adminContent', 'product_choices', {}, { signal }), staleTime: 60_000 });

export const useProductChoices = () => useQuery(productChoicesQueryOptions());
