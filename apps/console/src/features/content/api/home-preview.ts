import type { ContentLanguage } from '@simshop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

/** A preview token lives 30 minutes: a fresh one is fetched well before it runs out. */
export const homePreviewQueryOptions = (lang: ContentLanguage) =>
  queryOptions({ queryKey: ['adminContent', 'home_preview', { lang }], queryFn: ({ signal }) => adminCall('adminContent', 'home_preview', { lang }, { signal }), staleTime: 20 * 60_000, refetchInterval: 20 * 60_000 });

export const useHomePreview = (lang: ContentLanguage) => useQuery(homePreviewQueryOptions(lang));
