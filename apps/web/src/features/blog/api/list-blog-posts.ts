import { useInfiniteQuery } from '@tanstack/react-query';
import type { BlogCategory, Language } from '@simshop/contract';
import { useLanguage } from '@/i18n';
import { endpointInfiniteQuery } from '@/lib/endpoint-query';

/** blog.list: published posts, newest first, of one category or all, page by page. */
export const blogPostsQuery = (lang: Language, category: BlogCategory | undefined, size = BLOG_PAGE_SIZE) => endpointInfiniteQuery('blog', 'list', { size, i18n: lang, ...(category ? { category } : {}) });
export const useBlogPosts = (category: BlogCategory | undefined, size = BLOG_PAGE_SIZE) => useInfiniteQuery(blogPostsQuery(useLanguage(), category, size));

/** Posts per page on the blog's list. */
export const BLOG_PAGE_SIZE = 10;
