import { useEndpointMutation } from '@/lib/endpoint-query';
import { ORDER_WRITE_INVALIDATES } from './order-keys';

/** order.modify_address: a new delivery address before the order ships. */
export const useModifyOrderAddress = () => useEndpointMutation('order', 'modify_address', { invalidates: ORDER_WRITE_INVALIDATES });
