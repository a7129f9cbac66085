import { useQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { endpointSearchQuery } from '@/lib/endpoint-query';

/** esimSearch.search: eSIMs by EID, ICCID or activation code; null when none matches. */
export const esimSearchQuery = (query: string, lang: Language) => endpointSearchQuery('esimSearch', 'search', { query, i18n: lang });

/** Asked for once a search is submitted (`query` not null). */
export const useEsimSearch = (query: string | null, lang: Language) => useQuery({ ...esimSearchQuery(query ?? '', lang), enabled: query !== null });
