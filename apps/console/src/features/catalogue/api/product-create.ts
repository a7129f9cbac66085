import { useEndpointMutation } from '@/lib/endpoint-query';
import { PRODUCT_WRITE } from './use-product-write';

export const useCreateProduct = () => useEndpointMutation('adminProduct', 'create', PRODUCT_WRITE);
