import type { AdminActionName, AdminOrderDetail, AdminRequestOf } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';
import { orderDetailQueryOptions } from './order-detail';

type WriteAction = Exclude<AdminActionName<'adminOrder'>, 'list' | 'export' | 'detail'>;

/**
 * A write to one order: the server answers with the order as its page shows it, which replaces
 * the cached detail at once; lists and the dashboard's counts are refreshed.
 */
export function useOrderWrite<A extends WriteAction>(action: A) {
  const client = useQueryClient();
  return useMutation({
    // Every write action answers with the order's detail (the contract says so for each).
    mutationFn: (input: AdminRequestOf<'adminOrder', A>) => adminCall('adminOrder', action, input) as Promise<AdminOrderDetail>,
    onSuccess: (order) => {
      client.setQueryData(orderDetailQueryOptions(order.orderNo).queryKey, order);
      void client.invalidateQueries({ queryKey: ['adminOrder', 'list'] });
      void client.invalidateQueries({ queryKey: ['adminDashboard'] });
    },
  });
}
