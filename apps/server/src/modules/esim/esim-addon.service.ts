import { serverErrors, unitPriceFor, type AdminEsimAddonTarget, type EsimAddonOffer, type EsimAddonTarget, type Language } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Buyer } from '../../lib/customer-currency.ts';
import { pickText } from '../../lib/i18n.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import { addonsOfFamily, skuOptions, skuSelling, skuSoldOut, skuWithProduct, type ProductRow, type SkuRow } from '../catalogue/catalogue.service.ts';
import * as addonRows from './esim-addons.repository.ts';
import { esimWithQueue, isRemovedEsim } from './esim.service.ts';

/**
 * Data add-ons for an eSIM the customer has (ESIM_ADDON_RULE): which packages fit it, the checks
 * before an add-on order is written, and the carrier call that delivers a paid one to the same
 * eSIM. The order itself is written by the orders module (orders/esim-addon-order.service.ts).
 */

/**
 * One of the caller's eSIMs that data can be added to, and its add-on family: refused when it is
 * not theirs (as not existing), removed, or expired. An eSIM whose product has no family, or that
 * the carrier cannot reach (no ICCID), fits no package.
 */
export async function addonTarget(db: Executor, carrier: CarrierProvider | null, userId: number, esimId: number, lang: Language, now: number) {
  const { row, usage } = await esimWithQueue(db, carrier, userId, esimId, lang, now);
  if (isRemovedEsim(row)) throw new AppError(serverErrors.esimRemoved, 'id');
  if (usage?.state === 'expired') throw new AppError(serverErrors.esimExpired, 'id');
  const product = row.sku_id === null ? undefined : (await skuWithProduct(db, row.sku_id)).product;
  const family = product?.kind === 'esim' && row.iccid ? product.addon_family : null;
  return { esimId: row.id, iccid: row.iccid, family, merchantId: product?.merchant_id ?? null };
}

type Target = Awaited<ReturnType<typeof addonTarget>>;

/** A package as offered to `buyer`, at their price; null when it cannot be sold (no days, sold out). */
export function offerOf(product: ProductRow, sku: SkuRow, lang: Language, buyer: Buyer): EsimAddonOffer | null {
  if (sku.validity_days === null || sku.validity_days <= 0 || skuSoldOut(product, sku)) return null;
  const selling = skuSelling(product, sku, buyer.currency);
  return {
    skuId: sku.id,
    productId: product.id,
    name: pickText(lang, { en: product.name_en, zh: product.name_zh }),
    option: skuOptions(product, sku).map((o) => pickText(lang, o)),
    dataMb: sku.data_mb !== null && sku.data_mb > 0 ? sku.data_mb : null,
    validityDays: sku.validity_days,
    // The buyer's price (wholesale for a reseller) in the currency they chose, where the package has a price in it.
    price: unitPriceFor(selling, 1, buyer.reseller, product.wholesale_min_qty),
    currency: selling.currency,
  };
}

/** The packages that fit a target: its merchant's add-ons on sale in its family, each SKU with days and not sold out. */
async function offersFor(db: Executor, target: Target, lang: Language, buyer: Buyer): Promise<Array<{ offer: EsimAddonOffer; product: ProductRow; sku: SkuRow }>> {
  if (!target.family || target.merchantId === null) return [];
  const found = await addonsOfFamily(db, target.family, target.merchantId);
  return found.flatMap(({ product, skus }) => skus.flatMap((sku) => {
    const offer = offerOf(product, sku, lang, buyer);
    return offer ? [{ offer, product, sku }] : [];
  }));
}

/** The caller's "Add data" list for one of their eSIMs. */
export async function addonOffers(db: Executor, carrier: CarrierProvider | null, buyer: Buyer, esimId: number, lang: Language, now: number) {
  const target = await addonTarget(db, carrier, buyer.userId, esimId, lang, now);
  return { items: (await offersFor(db, target, lang, buyer)).map((o) => o.offer) };
}

/** The offer a caller chose for their eSIM, checked: the package must be one its page lists. */
export async function requireFittingAddon(db: Executor, carrier: CarrierProvider | null, buyer: Buyer, input: { esimId: number; skuId: number }, lang: Language, now: number) {
  const target = await addonTarget(db, carrier, buyer.userId, input.esimId, lang, now);
  const chosen = (await offersFor(db, target, lang, buyer)).find((o) => o.sku.id === input.skuId);
  if (!chosen) throw new AppError(serverErrors.addonNotFit, 'skuId');
  return { target, ...chosen };
}
export type FittingAddon = Awaited<ReturnType<typeof requireFittingAddon>>;

/** In the add-on order's transaction: which eSIM the order item's package goes to, with the data and days sold. */
export async function recordAddon(tx: Executor, row: { esimId: number; userId: number; orderId: number; orderItemId: number; dataMb: number | null; validityDays: number }, now: number) {
  await addonRows.insertAddon(tx, { esim_id: row.esimId, user_id: row.userId, order_id: row.orderId, order_item_id: row.orderItemId, data_mb: row.dataMb, validity_days: row.validityDays, created_at: now });
}

/**
 * The worker, after payment: each add-on not delivered yet goes to the carrier under a reference
 * made from the order and its item, so a retry or a second worker adds it once; the row is
 * stamped when the carrier answered. A failure throws and the job tries again later.
 */
export async function deliverAddons(db: Executor, carrier: CarrierProvider | null, order: { order_no: string }, items: ReadonlyArray<{ id: number }>, now: number) {
  for (const addon of await addonRows.addonsOfItems(db, items.map((i) => i.id))) {
    if (addon.delivered_at !== null) continue;
    if (!carrier) throw new Error('no carrier is configured to add data to eSIMs');
    if (!addon.iccid) throw new Error(`eSIM ${addon.esim_id} has no ICCID to add data to`);
    const { carrierRef } = await carrier.addPackage({ iccid: addon.iccid, dataMb: addon.data_mb, days: addon.validity_days, reference: `${order.order_no}-${addon.order_item_id}` });
    await addonRows.markDelivered(db, addon.id, carrierRef, now);
  }
}

/** Add-ons of these items the carrier has not taken yet (an item without its row counts as owed: a bug to see, not to skip). */
export async function undeliveredAddons(db: Executor, items: ReadonlyArray<{ id: number }>): Promise<number> {
  const rows = await addonRows.addonsOfItems(db, items.map((i) => i.id));
  return items.length - rows.filter((r) => r.delivered_at !== null).length;
}

/** A refund before the carrier took an add-on: it is not delivered any more. */
export const dropUndeliveredAddons = (tx: Executor, orderId: number) => addonRows.deleteUndelivered(tx, orderId);

/** Which of the customer's eSIMs each data add-on of one of their orders goes to (the order's page links it). */
export async function orderAddonTargets(db: Executor, userId: number, orderId: number, lang: Language): Promise<EsimAddonTarget[]> {
  const rows = await addonRows.targetsOfOrder(db, orderId);
  return rows.filter((r) => r.user_id === userId).map((r) => ({ orderItemId: r.order_item_id, esimId: r.esim_id, name: pickText(lang, { en: r.name_en ?? '', zh: r.name_zh ?? '' }), iccid: r.iccid }));
}

/** The same for the console: the eSIM's name in both languages and the order it came with. */
export async function adminOrderAddonTargets(db: Executor, orderId: number): Promise<AdminEsimAddonTarget[]> {
  const rows = await addonRows.targetsOfOrder(db, orderId);
  return rows.map((r) => ({ orderItemId: r.order_item_id, esimId: r.esim_id, name: { en: r.name_en ?? '', zh: r.name_zh ?? '' }, iccid: r.iccid, orderNo: r.order_no ?? null }));
}
