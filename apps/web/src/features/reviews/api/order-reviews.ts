import { endpointQuery } from '@/lib/endpoint-query';

/** product.order_reviews: which items of one of my orders can be reviewed, and my reviews of them. */
export const orderReviewsQuery = (orderNo: string) => endpointQuery('product', 'order_reviews', { orderNo });
