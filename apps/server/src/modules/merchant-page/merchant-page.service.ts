import type { Currency, Language, MerchantDetail, ProductLabel } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { listProducts } from '../catalogue/catalogue.service.ts';
import { merchantStoresOf } from '../stores/store.service.ts';
import { requireActiveMerchant, toShopMerchant } from '../merchants/merchant.service.ts';

/** Products a merchant page shows at most; a merchant with more links to search filtered by it. */
const PAGE_PRODUCTS = 100;

/**
 * A merchant's shop page (`/pages/shop/index?id=`): its profile, products on sale (through the
 * catalogue, so its cache and the suspended-merchant rule apply), the labels they carry and its
 * open stores. A module above merchants, catalogue and stores: the catalogue asks merchants, so
 * merchants may not ask the catalogue.
 */
export async function merchantPage(db: Executor, id: number, lang: Language, reseller: boolean, currency: Currency): Promise<MerchantDetail> {
  const merchant = await requireActiveMerchant(db, id);
  const products = await listProducts(db, { page: 1, size: PAGE_PRODUCTS, merchantId: id }, lang, reseller, currency);
  const labels = new Map<number, ProductLabel>();
  for (const p of products.items) for (const l of p.labels) if (!labels.has(l.id)) labels.set(l.id, l);
  return { ...toShopMerchant(merchant, lang), products: products.items, labels: [...labels.values()], stores: await merchantStoresOf(db, id, lang) };
}
