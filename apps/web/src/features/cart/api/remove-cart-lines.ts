import { useEndpointMutation } from '@/lib/endpoint-query';
import { putCart } from './cart-keys';

/** item.remove: removes cart lines; the answer is the new cart. */
export const useRemoveCartLines = () => useEndpointMutation('item', 'remove', { invalidates: [], written: (client, cart, body) => putCart(client, cart, body) });
