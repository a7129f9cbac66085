import { useEndpointMutation } from '@/lib/endpoint-query';
import { PRODUCT_WRITE } from './use-product-write';

export const useSetOnSale = () => useEndpointMutation('adminProduct', 'set_on_sale', PRODUCT_WRITE);
