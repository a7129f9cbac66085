import { adminCall } from '@/lib/api-client';
import { useInventoryWrite } from './use-inventory-write';

export const useCloseClass = () => useInventoryWrite((skuId: number) => adminCall('adminInventory', 'close_class', { skuId }));
