import { useEndpointMutation } from '@/lib/endpoint-query';
import { ORDER_WRITE_INVALIDATES } from './order-keys';

/** order.cancel: an unpaid order is cancelled and its stock goes back. */
export const useCancelOrder = () => useEndpointMutation('order', 'cancel', { invalidates: ORDER_WRITE_INVALIDATES });
