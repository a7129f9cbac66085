import type { ContentLanguage } from '@simshop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const homeGetQueryOptions = (lang: ContentLanguage) =>
  queryOptions({ queryKey: ['adminContent', 'home_get', { lang }], queryFn: ({ signal }) => adminCall('adminContent', 'home_get', { lang }, { signal }) });

export const useHomeEditor = (lang: ContentLanguage) => useQuery(homeGetQueryOptions(lang));
