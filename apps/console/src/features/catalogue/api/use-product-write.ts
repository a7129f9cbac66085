import type { AdminProduct } from '@simshop/contract';
import { endpointKey } from '@/lib/endpoint-query';

/**
 * A write that answers with the product: its editor's cached copy is dropped (the editor
 * reloads it with its history), lists and the inventory's pool levels are refreshed.
 */
export const PRODUCT_WRITE = {
  invalidates: (product: AdminProduct) => [endpointKey('adminProduct', 'get', { id: product.id }), endpointKey('adminProduct', 'list'), endpointKey('adminInventory')],
};
