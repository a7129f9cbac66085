import type { AdminArticle } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { articleGetQueryOptions } from './article-get';

/** A tutorial write answers with the article: its cached copy is replaced and the lists refreshed. */
export function useArticleMutation<I>(fn: (input: I) => Promise<AdminArticle>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (article) => {
      client.setQueryData(articleGetQueryOptions(article.id).queryKey, article);
      void client.invalidateQueries({ queryKey: ['adminContent', 'article_list'] });
    },
  });
}
