import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** order.payment_methods: the methods this order may be paid with, each with its fee and total. */
export const paymentMethodsQuery = (orderNo: string) => endpointQuery('order', 'payment_methods', { orderNo });
export const usePaymentMethods = (orderNo: string) => useQuery(paymentMethodsQuery(orderNo));
