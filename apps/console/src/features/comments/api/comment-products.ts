import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

/** The products that have comments: the choices of the product filter. */
export const commentProductsQueryOptions = () =>
  queryOptions({ queryKey: ['adminMessage', 'comment_products', {}], queryFn: ({ signal }) => adminCall('adminMessage', 'comment_products', {}, { signal }), staleTime: 60_000 });

export const useCommentProducts = () => useQuery(commentProductsQueryOptions());
