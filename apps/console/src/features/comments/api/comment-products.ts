import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** The products that have comments: the choices of the product filter. */
export const commentProductsQueryOptions = () => queryOptions({ ...endpointQuery('adminMessage', 'comment_products', {}), staleTime: 60_000 });

export const useCommentProducts = () => useQuery(commentProductsQueryOptions());
