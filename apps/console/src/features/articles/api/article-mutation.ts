import type { AdminArticle } from '@simshop/contract';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from '@/lib/endpoint-query';
import { articleGetQueryOptions } from './article-get';

/** A tutorial write answers with the article: its cached copy is replaced and the lists refreshed. */
export const ARTICLE_WRITE = {
  invalidates: [endpointKey('adminContent', 'article_list')],
  written: (client: QueryClient, article: AdminArticle) => client.setQueryData(articleGetQueryOptions(article.id).queryKey, article),
};
