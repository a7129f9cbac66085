import { endpointQuery } from '@/lib/endpoint-query';

/** product.comments: one page of a product's shown reviews and comments, newest first (the goods page). */
// Silent: a product that is gone is said by the goods page itself, not again by a toast.
export const productReviewsQuery = (id: number, page = 1) => endpointQuery('product', 'comments', { id, page, size: REVIEWS_PAGE_SIZE }, { silent: true });

/** Reviews per page on the goods page ("More reviews" asks for the next). */
export const REVIEWS_PAGE_SIZE = 20;
