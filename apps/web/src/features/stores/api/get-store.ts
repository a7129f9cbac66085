import { useQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { useLanguage } from '@/i18n';
import { endpointQuery } from '@/lib/endpoint-query';

/** store.detail: one open store. */
export const storeQuery = (id: number, lang: Language) => endpointQuery('store', 'detail', { id, i18n: lang });
export const useStore = (id: number, enabled: boolean) => useQuery({ ...storeQuery(id, useLanguage()), enabled });
