import { useQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { useLanguage } from '@/i18n';
import { endpointQuery } from '@/lib/endpoint-query';

/** store.list: every open store (with `pickup`, those that hand out orders; with `merchantId`, that merchant's); the page sorts and filters. */
export const storesQuery = (lang: Language, pickup = false, merchantId?: number) =>
  endpointQuery('store', 'list', { i18n: lang, ...(pickup ? { pickup } : {}), ...(merchantId !== undefined ? { merchantId } : {}) });
export const useStores = (pickup = false, merchantId?: number) => useQuery(storesQuery(useLanguage(), pickup, merchantId));
