import { useEndpointMutation } from '@/lib/endpoint-query';
import { CART_KEY } from './cart-keys';

/** item.save: adds a SKU to the cart (the answer's total carries the new cart count for the badge). */
export const useAddToCart = () => useEndpointMutation('item', 'save', { invalidates: [CART_KEY] });
