import { useEndpointMutation } from '@/lib/endpoint-query';
import { putCart } from './cart-keys';

/** item.select: selects or unselects cart lines for checkout; the answer is the new cart. */
export const useSelectCartLines = () => useEndpointMutation('item', 'select', { invalidates: [], written: (client, cart, body) => putCart(client, cart, body) });
