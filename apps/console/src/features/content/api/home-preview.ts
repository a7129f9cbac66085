import type { ContentLanguage } from '@simshop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** A preview token lives 30 minutes: a fresh one is fetched well before it runs out. */
export const homePreviewQueryOptions = (lang: ContentLanguage) => queryOptions({ ...endpointQuery('adminContent', 'home_preview', { lang }), staleTime: 20 * 60_000, refetchInterval: 20 * 60_000 });

export const useHomePreview = (lang: ContentLanguage) => useQuery(homePreviewQueryOptions(lang));
