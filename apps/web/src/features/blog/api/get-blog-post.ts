import { useQuery } from '@tanstack/react-query';
import type { Currency, Language } from '@simshop/contract';
import { useLanguage } from '@/i18n';
import { useCurrency } from '@/lib/currency';
import { endpointQuery } from '@/lib/endpoint-query';

/** blog.detail: one published post with its body and related products, priced in the customer's currency. */
export const blogPostQuery = (id: number, lang: Language, currency: Currency) => endpointQuery('blog', 'detail', { id, i18n: lang, currency });
export const useBlogPost = (id: number, enabled: boolean) => useQuery({ ...blogPostQuery(id, useLanguage(), useCurrency()), enabled });
