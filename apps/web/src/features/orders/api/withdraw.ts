import { useEndpointMutation } from '@/lib/endpoint-query';
import { ORDER_WRITE_INVALIDATES } from './order-keys';

/** order.withdraw: an EU consumer withdraws from the order's contract (refunded at once, or a return). */
export const useWithdraw = () => useEndpointMutation('order', 'withdraw', { invalidates: ORDER_WRITE_INVALIDATES });
