import type { QueryClient } from '@tanstack/react-query';
import { SHOP_PRODUCT_PAGE, type Currency } from '@simshop/contract';
import { endpointQuery } from '@/lib/endpoint-query';
import { seedFromFirstAnswer } from '@/lib/first-answers';

/** product.list: the first 50 products on sale, of one label or all (the home list, a label's page). */
export const productListQuery = (labelId: number | undefined, lang: string, currency: Currency) => endpointQuery('product', 'list', { ...SHOP_PRODUCT_PAGE, i18n: lang, currency, ...(labelId ? { labelId } : {}) });

/** The catalogue home's HTML came with (lib/first-answers.ts: a customer's prices, so not for a reseller), put where home's query finds it. */
export function seedProductList(client: QueryClient, lang: string, reseller: boolean, currency: Currency): boolean {
  return !reseller && seedFromFirstAnswer(client, productListQuery(undefined, lang, currency).queryKey, { endpoint: 'product', action: 'list', body: { ...SHOP_PRODUCT_PAGE, i18n: lang, currency } });
}
