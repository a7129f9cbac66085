import type { AdminBlogPost } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blogGetQueryOptions } from './blog-get';

/** A blog write answers with the post: its cached copy is replaced and the lists refreshed. */
export function useBlogMutation<I>(fn: (input: I) => Promise<AdminBlogPost>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (post) => {
      client.setQueryData(blogGetQueryOptions(post.id).queryKey, post);
      void client.invalidateQueries({ queryKey: ['adminBlog', 'list'] });
    },
  });
}
