import type { ContentLanguage } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

export const homeGetQueryOptions = (lang: ContentLanguage) => endpointQuery('adminContent', 'home_get', { lang });

export const useHomeEditor = (lang: ContentLanguage) => useQuery(homeGetQueryOptions(lang));
