import { useQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { endpointSearchQuery } from '@/lib/endpoint-query';

/** ecodeManage.search: my ECodes matching a code; null when none does. */
export const ecodeSearchQuery = (code: string, lang: Language) => endpointSearchQuery('ecodeManage', 'search', { code, i18n: lang });

/** Asked for once a search is submitted (`code` not null). */
export const useEcodeSearch = (code: string | null, lang: Language) => useQuery({ ...ecodeSearchQuery(code ?? '', lang), enabled: code !== null });
