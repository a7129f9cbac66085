import { endpointKey } from '@/lib/endpoint-query';

/**
 * An inventory write: pool levels and classes are refreshed, and so are products (a pool's
 * stock, a class's price is its SKU's wholesale price).
 */
export const INVENTORY_WRITE = { invalidates: [endpointKey('adminInventory'), endpointKey('adminProduct')] };
