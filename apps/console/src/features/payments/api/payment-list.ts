import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const paymentListQueryOptions = (input: AdminRequestOf<'adminPayment', 'payment_list'>) => endpointListQuery('adminPayment', 'payment_list', input);

export const usePaymentList = (input: AdminRequestOf<'adminPayment', 'payment_list'>) => useQuery(paymentListQueryOptions(input));
