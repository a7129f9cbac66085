import { useEndpointMutation } from '@/lib/endpoint-query';
import { PRODUCT_WRITE } from './use-product-write';

/** Saves over the version the editor loaded; a stale one fails with changedBySomeoneElse. */
export const useUpdateProduct = () => useEndpointMutation('adminProduct', 'update', PRODUCT_WRITE);
