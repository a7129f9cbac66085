import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const refundListQueryOptions = (input: AdminRequestOf<'adminPayment', 'refund_list'>) =>
  queryOptions({ queryKey: ['adminPayment', 'refund_list', input], queryFn: ({ signal }) => adminCall('adminPayment', 'refund_list', input, { signal }), placeholderData: keepPreviousData });

export const useRefundList = (input: AdminRequestOf<'adminPayment', 'refund_list'>) => useQuery(refundListQueryOptions(input));
