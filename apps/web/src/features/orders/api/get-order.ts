import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLanguage } from '@/i18n';
import { endpointQuery } from '@/lib/endpoint-query';

/** order.detail: one of the customer's orders. */
export const orderQuery = (orderNo: string, lang: string) => endpointQuery('order', 'detail', { orderNo, i18n: lang });
export const useOrder = (orderNo: string) => useQuery(orderQuery(orderNo, useLanguage()));

/**
 * One order, read again every 2 s while the customer waits for it to move on: its goods being
 * issued (the first minute the page is open), and, where `unpaid` is asked for (the payment's
 * return page), a payment not confirmed yet (the first 30 s).
 */
export function useFollowedOrder(orderNo: string, follow: { unpaid: boolean }) {
  // Measured once: the minute of checking starts when the page opens.
  const [started] = useState(() => Date.now());
  return useQuery({
    ...orderQuery(orderNo, useLanguage()),
    refetchInterval: (q) => {
      const d = q.state.data;
      const age = Date.now() - started;
      return (follow.unpaid && d?.status === 'unpaid' && age < 30_000) || (d?.fulfilment === 'issuing' && age < 60_000) ? 2000 : false;
    },
  });
}
