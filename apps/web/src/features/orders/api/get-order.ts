import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { endpointQuery } from '@/lib/endpoint-query';

/** order.detail: one of the customer's orders. */
export const orderQuery = (orderNo: string, lang: string) => endpointQuery('order', 'detail', { orderNo, i18n: lang });
export const useOrder = (orderNo: string) => useQuery(orderQuery(orderNo, useLanguage()));
