import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '@simshop/contract';
import { call } from '@/lib/api-client';

/** Which items of one of my orders can be reviewed, and my reviews of them. */
export const orderReviewsQuery = (orderNo: string) =>
  queryOptions({ queryKey: ['product', 'order_reviews', { orderNo }], queryFn: ({ signal }) => call('product', 'order_reviews', { orderNo }, { signal }) });

/** A product's shown reviews and comments, newest first (the goods page). */
export const productReviewsQuery = (id: number) => queryOptions({ queryKey: ['product', 'comments', id], queryFn: ({ signal }) => call('product', 'comments', { id, page: 1, size: 20 }, { signal }) });

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
