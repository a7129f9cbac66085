import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/**
 * balance.topup: an unpaid top-up order, paid on the order-pay page; the balance changes only
 * then. The customer's orders show the new one.
 */
export const useTopupBalance = () => useEndpointMutation('balance', 'topup', { invalidates: [endpointKey('order')] });
