import { useQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { endpointQuery } from '@/lib/endpoint-query';

/**
 * order.detail of the order a review is written for: the line being reviewed. The key is the
 * order pages' own (derived from the call), so an order already read is not asked for again.
 */
export const reviewedOrderQuery = (orderNo: string, lang: Language) => endpointQuery('order', 'detail', { orderNo, i18n: lang });
export const useReviewedOrder = (orderNo: string, lang: Language) => useQuery({ ...reviewedOrderQuery(orderNo, lang), enabled: orderNo !== '' });
