import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useInventoryWrite } from './use-inventory-write';

/** Loads a CSV file's activation codes into one pool SKU. */
export const useImportPool = () => useInventoryWrite((input: AdminRequestOf<'adminInventory', 'import_pool'>) => adminCall('adminInventory', 'import_pool', input));
