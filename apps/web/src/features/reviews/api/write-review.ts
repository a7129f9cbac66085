import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** product.review: writes a review; the order's review states and the product's page show it afterwards. */
export const useWriteReview = () =>
  useEndpointMutation('product', 'review', {
    // The page shows field problems where they belong (and toasts the other failures itself).
    silent: true,
    invalidates: [endpointKey('product', 'order_reviews'), endpointKey('product', 'comments'), endpointKey('product', 'detail')],
  });
