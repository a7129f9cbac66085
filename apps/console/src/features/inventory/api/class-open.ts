import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useInventoryWrite } from './use-inventory-write';

export const useOpenClass = () => useInventoryWrite((input: AdminRequestOf<'adminInventory', 'open_class'>) => adminCall('adminInventory', 'open_class', input));
