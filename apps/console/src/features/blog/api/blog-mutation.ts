import type { AdminBlogPost } from '@simshop/contract';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from '@/lib/endpoint-query';
import { blogGetQueryOptions } from './blog-get';

/** A blog write answers with the post: its cached copy is replaced and the lists refreshed. */
export const BLOG_WRITE = {
  invalidates: [endpointKey('adminBlog', 'list')],
  written: (client: QueryClient, post: AdminBlogPost) => client.setQueryData(blogGetQueryOptions(post.id).queryKey, post),
};
