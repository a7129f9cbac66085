import type { QueryClient } from '@tanstack/react-query';
import type { Currency, ResponseOf } from '@simshop/contract';
import { endpointKey } from '@/lib/endpoint-query';

/** Every cart query (each language's list): what adding to the cart changes. */
export const CART_KEY = endpointKey('item');

/**
 * A cart line write (update, select, remove) answers with the whole cart as it now is: that
 * answer becomes the list in the language it was asked in, with no second round trip.
 */
export function putCart(client: QueryClient, cart: ResponseOf<'item', 'list'>, body: { i18n?: string | undefined; currency?: Currency | undefined }): void {
  client.setQueryData(endpointKey('item', 'list', { i18n: body.i18n, currency: body.currency }), cart);
}
