import { useEndpointMutation } from '@/lib/endpoint-query';
import { CART_KEY } from '@/features/cart/api/cart-keys';
import { ORDER_WRITE_INVALIDATES } from './order-keys';

/** order.create: places the order; the cart lines it came from leave the cart. */
export const useCreateOrder = () => useEndpointMutation('order', 'create', { invalidates: [...ORDER_WRITE_INVALIDATES, CART_KEY] });
