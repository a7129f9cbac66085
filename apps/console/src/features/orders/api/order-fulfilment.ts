import { useQuery } from '@tanstack/react-query';
import { endpointKey, endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

/** A paid order's issuing job: waiting, delayed or nothing to issue. */
export const orderFulfilmentQueryOptions = (orderNo: string) => endpointQuery('adminPayment', 'fulfil_status', { orderNo });

export const useOrderFulfilment = (orderNo: string, enabled: boolean) => useQuery({ ...orderFulfilmentQueryOptions(orderNo), enabled, refetchInterval: 15_000 });

/** Issue now, or refund instead: the order, its issuing state, the dashboard and the job lists refresh. */
export const useFulfilmentAction = (action: 'fulfil_now' | 'fulfil_refund') =>
  useEndpointMutation('adminPayment', action, {
    invalidates: [endpointKey('adminOrder'), endpointKey('adminPayment'), endpointKey('adminDashboard')],
    written: (client, result) => client.setQueryData(orderFulfilmentQueryOptions(result.orderNo).queryKey, result),
  });
