// The stores (issue 14): the store pages, the checkout's pickup choice and the order's pickup
// card share these (lib/, because the orders feature may not import another feature).
import { useQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { useLanguage } from '@/i18n';
import { endpointQuery } from './endpoint-query';

/** store.list: every open store (with `pickup`, those that hand out orders); the page sorts and filters. */
export const storesQuery = (lang: Language, pickup = false) => endpointQuery('store', 'list', { i18n: lang, ...(pickup ? { pickup } : {}) });

export function useStores(pickup = false) {
  return useQuery(storesQuery(useLanguage(), pickup));
}

/** store.detail: one open store. */
export const storeQuery = (id: number, lang: Language) => endpointQuery('store', 'detail', { id, i18n: lang });

export function useStore(id: number, enabled: boolean) {
  return useQuery({ ...storeQuery(id, useLanguage()), enabled });
}
