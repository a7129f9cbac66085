import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** Every label, for the home filter. */
export const labelListQuery = (lang: string) => queryOptions({ queryKey: ['label', 'list', { i18n: lang }], queryFn: ({ signal }) => call('label', 'list', { i18n: lang }, { signal }) });

/** One label, for its page's heading. */
export const labelDetailQuery = (id: number, lang: string) => queryOptions({ queryKey: ['label', 'detail', { id, i18n: lang }], queryFn: ({ signal }) => call('label', 'detail', { id, i18n: lang }, { signal }) });

/** The products on sale carrying a label (product.list filtered). */
export const labelProductsQuery = (labelId: number | undefined, lang: string) =>
  queryOptions({
    queryKey: ['product', 'list', { page: 1, size: 50, i18n: lang, labelId }],
    queryFn: ({ signal }) => call('product', 'list', { page: 1, size: 50, i18n: lang, ...(labelId ? { labelId } : {}) }, { signal }),
  });
