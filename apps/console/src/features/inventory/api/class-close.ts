import { useEndpointMutation } from '@/lib/endpoint-query';
import { INVENTORY_WRITE } from './use-inventory-write';

export const useCloseClass = () => useEndpointMutation('adminInventory', 'close_class', INVENTORY_WRITE);
