import type { Language } from '@simshop/contract';
import { endpointQuery } from '@/lib/endpoint-query';

/** product.list of ECodes, first one: what "Buy ECodes" opens (read when tapped). */
export const ecodeProductQuery = (lang: Language) => endpointQuery('product', 'list', { kind: 'ecode', page: 1, size: 1, i18n: lang });
