import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const paymentListQueryOptions = (input: AdminRequestOf<'adminPayment', 'payment_list'>) =>
  queryOptions({ queryKey: ['adminPayment', 'payment_list', input], queryFn: ({ signal }) => adminCall('adminPayment', 'payment_list', input, { signal }), placeholderData: keepPreviousData });

export const usePaymentList = (input: AdminRequestOf<'adminPayment', 'payment_list'>) => useQuery(paymentListQueryOptions(input));
