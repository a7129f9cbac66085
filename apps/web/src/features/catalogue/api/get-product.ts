import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { endpointKey } from '@/lib/endpoint-query';

/**
 * product.detail: a product with its SKUs. A reseller's answer carries wholesale prices, so the
 * session's mode is part of the key (switching mode never shows the other mode's prices).
 */
export const productDetailQuery = (id: number, lang: string, reseller: boolean) =>
  queryOptions({ queryKey: [...endpointKey('product', 'detail', { id, i18n: lang }), { reseller }], queryFn: ({ signal }) => call('product', 'detail', { id, i18n: lang }, { signal }) });
