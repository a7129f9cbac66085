import type { QueryKey } from '@tanstack/react-query';
import { endpointKey } from '@/lib/endpoint-query';

/**
 * What an order write changes: every order query. The order detail and create pages still read
 * under the hand-written ['orders', ...] keys until they move to the data layer
 * (docs/decisions.md, "One data layer on the web"); invalidating both keeps them fresh meanwhile.
 */
export const ORDER_WRITE_INVALIDATES: readonly QueryKey[] = [endpointKey('order'), ['orders']];
