import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '@simshop/contract';
import { call } from '@/lib/api-client';

/** Which items of one of my orders can be reviewed, and my reviews of them. */
export const orderReviewsQuery = (orderNo: string) =>
  queryOptions({ queryKey: ['product', 'order_reviews', { orderNo }], queryFn: ({ signal }) => call('product', 'order_reviews', { orderNo }, { signal }) });

/** Reviews per page on the goods page ("More reviews" asks for the next). */
export const REVIEWS_PAGE_SIZE = 20;

/** One page of a product's shown reviews and comments, newest first (the goods page). */
export const productReviewsQuery = (id: number, page = 1) =>
  queryOptions({ queryKey: ['product', 'comments', id, { page }], queryFn: ({ signal }) => call('product', 'comments', { id, page, size: REVIEWS_PAGE_SIZE }, { signal }) });

/** Writes a review; the order's review states and the product's page show it afterwards. */
export function useWriteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    // The page shows field problems where they belong; other failures get the usual toast.
    mutationFn: (body: RequestOf<'product', 'review'>) => call('product', 'review', body, { silent: true }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['product', 'order_reviews'] }),
        queryClient.invalidateQueries({ queryKey: ['product', 'comments'] }),
        queryClient.invalidateQueries({ queryKey: ['product', 'detail'] }),
      ]);
    },
  });
}
