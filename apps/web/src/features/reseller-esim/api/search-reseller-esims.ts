import { useQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { endpointSearchQuery } from '@/lib/endpoint-query';

/** resellerNumber.search: the reseller's own eSIMs matching an ICCID, activation code or EID; null when none does. */
export const resellerEsimSearchQuery = (query: string, lang: Language) => endpointSearchQuery('resellerNumber', 'search', { query, i18n: lang });

/** Asked for once a search is submitted (`query` not null). */
export const useResellerEsimSearch = (query: string | null, lang: Language) => useQuery({ ...resellerEsimSearchQuery(query ?? '', lang), enabled: query !== null });
