import { useEndpointMutation } from '@/lib/endpoint-query';
import { ORDER_WRITE_INVALIDATES } from './order-keys';

/** order.pay: starts paying with a method; a balance payment is paid at once, others answer where to go. */
export const usePayOrder = () => useEndpointMutation('order', 'pay', { invalidates: ORDER_WRITE_INVALIDATES });
