import { useInfiniteQuery } from '@tanstack/react-query';
import type { OrderListTab } from '@simshop/contract';
import { useLanguage } from '@/i18n';
import { endpointInfiniteQuery } from '@/lib/endpoint-query';

export const ORDER_PAGE_SIZE = 10;

/** order.list: the customer's orders of one tab, page by page. */
export const orderListQuery = (tab: OrderListTab, lang: string) => endpointInfiniteQuery('order', 'list', { tab, size: ORDER_PAGE_SIZE, i18n: lang });
export const useOrderList = (tab: OrderListTab) => useInfiniteQuery(orderListQuery(tab, useLanguage()));
