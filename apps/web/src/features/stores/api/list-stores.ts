import { useQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { useLanguage } from '@/i18n';
import { endpointQuery } from '@/lib/endpoint-query';

/** store.list: every open store (with `pickup`, those that hand out orders); the page sorts and filters. */
export const storesQuery = (lang: Language, pickup = false) => endpointQuery('store', 'list', { i18n: lang, ...(pickup ? { pickup } : {}) });
export const useStores = (pickup = false) => useQuery(storesQuery(useLanguage(), pickup));
