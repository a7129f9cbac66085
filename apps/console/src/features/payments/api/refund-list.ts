import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const refundListQueryOptions = (input: AdminRequestOf<'adminPayment', 'refund_list'>) => endpointListQuery('adminPayment', 'refund_list', input);

export const useRefundList = (input: AdminRequestOf<'adminPayment', 'refund_list'>) => useQuery(refundListQueryOptions(input));
