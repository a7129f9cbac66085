import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const articleGetQueryOptions = (id: number) => queryOptions({ queryKey: ['adminContent', 'article_get', { id }], queryFn: ({ signal }) => adminCall('adminContent', 'article_get', { id }, { signal }) });

export const useArticle = (id: number | null) => useQuery({ ...articleGetQueryOptions(id ?? 0), enabled: id !== null });
