import { useEndpointMutation } from '@/lib/endpoint-query';
import { ORDER_WRITE_INVALIDATES } from './order-keys';

/** order.delete: the order leaves the customer's list. */
export const useDeleteOrder = () => useEndpointMutation('order', 'delete', { invalidates: ORDER_WRITE_INVALIDATES });
