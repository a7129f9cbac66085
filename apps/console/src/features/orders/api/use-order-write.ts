import type { AdminActionName, AdminOrderDetail } from '@simshop/contract';
import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';
import { orderDetailQueryOptions } from './order-detail';

type WriteAction = Exclude<AdminActionName<'adminOrder'>, 'list' | 'export' | 'detail'>;

/**
 * A write to one order: the server answers with the order as its page shows it, which replaces
 * the cached detail at once; lists and the dashboard's counts are refreshed.
 */
export const useOrderWrite = <A extends WriteAction>(action: A) =>
  useEndpointMutation('adminOrder', action, {
    invalidates: [endpointKey('adminOrder', 'list'), endpointKey('adminDashboard')],
    // Every write action answers with the order's detail (the contract says so for each).
    written: (client, order) => client.setQueryData(orderDetailQueryOptions((order as AdminOrderDetail).orderNo).queryKey, order as AdminOrderDetail),
  });
