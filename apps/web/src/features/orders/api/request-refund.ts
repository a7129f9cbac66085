import { useEndpointMutation } from '@/lib/endpoint-query';
import { ORDER_WRITE_INVALIDATES } from './order-keys';

/** order.refund: the customer asks for a refund with a reason. */
export const useRequestRefund = () => useEndpointMutation('order', 'refund', { invalidates: ORDER_WRITE_INVALIDATES });
