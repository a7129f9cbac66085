import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Currency } from '@simshop/contract';
import { call } from '@/lib/api-client';
import { endpointKey } from '@/lib/endpoint-query';
import { seedFromFirstAnswer } from '@/lib/first-answers';

/**
 * product.detail: a product with its SKUs. A reseller's answer carries wholesale prices, so the
 * session's mode is part of the key (switching mode never shows the other mode's prices).
 * Silent: the goods page shows a missing product, or any other failure, itself; a toast would repeat it.
 */
export const productDetailQuery = (id: number, lang: string, reseller: boolean, currency: Currency) =>
  queryOptions({ queryKey: [...endpointKey('product', 'detail', { id, i18n: lang, currency }), { reseller }], queryFn: ({ signal }) => call('product', 'detail', { id, i18n: lang, currency }, { signal, silent: true }) });

/** The product the goods page's HTML came with (lib/first-answers.ts; a customer's view, so not for a reseller), put where the page's query finds it. */
export function seedProductDetail(client: QueryClient, id: number, lang: string, reseller: boolean, currency: Currency): boolean {
  return !reseller && seedFromFirstAnswer(client, productDetailQuery(id, lang, reseller, currency).queryKey, { endpoint: 'product', action: 'detail', body: { id, i18n: lang, currency } });
}
