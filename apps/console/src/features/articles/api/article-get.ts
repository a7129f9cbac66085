import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

export const articleGetQueryOptions = (id: number) => endpointQuery('adminContent', 'article_get', { id });

export const useArticle = (id: number | null) => useQuery({ ...articleGetQueryOptions(id ?? 0), enabled: id !== null });
