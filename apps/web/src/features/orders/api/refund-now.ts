import { useEndpointMutation } from '@/lib/endpoint-query';
import { ORDER_WRITE_INVALIDATES } from './order-keys';

/** order.refund_now: an eSIM never installed is refunded at once by the shop's rule. */
export const useRefundNow = () => useEndpointMutation('order', 'refund_now', { invalidates: ORDER_WRITE_INVALIDATES });
