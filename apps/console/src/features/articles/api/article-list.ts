import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const articleListQueryOptions = (input: AdminRequestOf<'adminContent', 'article_list'>) => endpointListQuery('adminContent', 'article_list', input);

export const useArticleList = (input: AdminRequestOf<'adminContent', 'article_list'>) => useQuery(articleListQueryOptions(input));
