import { useEndpointMutation } from '@/lib/endpoint-query';
import { putCart } from './cart-keys';

/** item.update: sets the quantity of a cart line; the answer is the new cart. */
export const useUpdateCartLine = () => useEndpointMutation('item', 'update', { invalidates: [], written: (client, cart, body) => putCart(client, cart, body) });
