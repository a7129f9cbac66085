import { useEndpointMutation } from '@/lib/endpoint-query';
import { INVENTORY_WRITE } from './use-inventory-write';

export const useOpenClass = () => useEndpointMutation('adminInventory', 'open_class', INVENTORY_WRITE);
