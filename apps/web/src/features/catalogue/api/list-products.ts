import { endpointQuery } from '@/lib/endpoint-query';

/** product.list: the first 50 products on sale, of one label or all (the home list, a label's page). */
export const productListQuery = (labelId: number | undefined, lang: string) => endpointQuery('product', 'list', { page: 1, size: 50, i18n: lang, ...(labelId ? { labelId } : {}) });
