import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

/** A paid order's issuing job: waiting, delayed or nothing to issue. */
export const orderFulfilmentQueryOptions = (orderNo: string) =>
  queryOptions({ queryKey: ['adminPayment', 'fulfil_status', { orderNo }], queryFn: ({ signal }) => adminCall('adminPayment', 'fulfil_status', { orderNo }, { signal }) });

export const useOrderFulfilment = (orderNo: string, enabled: boolean) => useQuery({ ...orderFulfilmentQueryOptions(orderNo), enabled, refetchInterval: 15_000 });

/** Issue now, or refund instead: the order, its issuing state, the dashboard and the job lists refresh. */
export function useFulfilmentAction(action: 'fulfil_now' | 'fulfil_refund') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) => adminCall('adminPayment', action, { orderNo }),
    onSuccess: (result) => {
      client.setQueryData(orderFulfilmentQueryOptions(result.orderNo).queryKey, result);
      void client.invalidateQueries({ queryKey: ['adminOrder'] });
      void client.invalidateQueries({ queryKey: ['adminPayment'] });
      void client.invalidateQueries({ queryKey: ['adminDashboard'] });
    },
  });
}
