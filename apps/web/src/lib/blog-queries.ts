// The blog (issue 14): its pages and the home page's latest posts share these (lib/, not
// features/blog/api/, because the home feature may not import another feature).
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BlogCategory, Language } from '@simshop/contract';
import { useLanguage } from '@/i18n';
import { endpointInfiniteQuery, endpointQuery } from './endpoint-query';

export const BLOG_PAGE_SIZE = 10;

/** blog.list: published posts, newest first, of one category or all, page by page. */
export const blogPostsQuery = (lang: Language, category: BlogCategory | undefined, size = BLOG_PAGE_SIZE) => endpointInfiniteQuery('blog', 'list', { size, i18n: lang, ...(category ? { category } : {}) });

export function useBlogPosts(category: BlogCategory | undefined, size = BLOG_PAGE_SIZE) {
  return useInfiniteQuery(blogPostsQuery(useLanguage(), category, size));
}

/** blog.detail: one published post with its body and related products. */
export const blogPostQuery = (id: number, lang: Language) => endpointQuery('blog', 'detail', { id, i18n: lang });

export function useBlogPost(id: number, enabled: boolean) {
  return useQuery({ ...blogPostQuery(id, useLanguage()), enabled });
}
