import { useQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { useLanguage } from '@/i18n';
import { endpointQuery } from '@/lib/endpoint-query';

/** blog.detail: one published post with its body and related products. */
export const blogPostQuery = (id: number, lang: Language) => endpointQuery('blog', 'detail', { id, i18n: lang });
export const useBlogPost = (id: number, enabled: boolean) => useQuery({ ...blogPostQuery(id, useLanguage()), enabled });
