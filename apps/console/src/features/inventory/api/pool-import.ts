import { useEndpointMutation } from '@/lib/endpoint-query';
import { INVENTORY_WRITE } from './use-inventory-write';

/** Loads a CSV file's activation codes into one pool SKU. */
export const useImportPool = () => useEndpointMutation('adminInventory', 'import_pool', INVENTORY_WRITE);
