import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const articleListQueryOptions = (input: AdminRequestOf<'adminContent', 'article_list'>) =>
  queryOptions({ queryKey: ['adminContent', 'article_list', input], queryFn: ({ signal }) => adminCall('adminContent', 'article_list', input, { signal }), placeholderData: keepPreviousData });

export const useArticleList = (input: AdminRequestOf<'adminContent', 'article_list'>) => useQuery(articleListQueryOptions(input));
