// Pricing a draft or a whole checkout as the server sees it (prices, limits, stock, inputs,
// freight, coupons), and the preview the order page shows before the customer commits.
import { checkItemInputs, isPhysicalKind, isResellerOnlyKind, orderTotal, PLATFORM_MERCHANT_ID, serverErrors, unitPriceFor, type Language } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick, pickText } from '../../lib/i18n.ts';
import { isActive } from '../merchants/merchant.service.ts';
import { requirePickupStore } from '../stores/store.service.ts';
import { checkoutCatalogue, requiredInputsOf, skuOptions, skuSelling, skuSoldOut } from '../catalogue/catalogue.service.ts';
import { previewFields, priceCoupons, splitCouponDiscount, type CouponChoice, type CouponPricing } from '../coupons/coupon.service.ts';
import { kindHandler } from '../product-kinds/registry.ts';
import * as orders from './order.repository.ts';
import { checkSkuTotals } from './sku-totals.ts';

import type { Buyer } from '../../lib/customer-currency.ts';

export type { Buyer };

export interface DraftItem {
  skuId: number;
  quantity: number;
  inputs: Record<string, string>;
}

/**
 * Prices a draft as the server sees it: current prices (wholesale for resellers from the
 * minimum quantity on), quantity limits, stock, each product's required inputs (SPEC §5), one
 * currency per order, freight for physical items.
 */
export async function priceDraft(
  db: Executor,
  buyer: Buyer,
  items: DraftItem[],
  /** The SKU, product and merchant rows, read once for all the checkout's orders. */
  loaded: Awaited<ReturnType<typeof checkoutCatalogue>>,
  checkInputs = true,
  coupon?: { choice: CouponChoice; now: number; strict: boolean },
  pickupStoreId?: number,
  /** The merchant these items belong to, and each item's index in the whole checkout (errors name that one). */
  scope: { merchantId: number; indexes: readonly number[] | null } = { merchantId: PLATFORM_MERCHANT_ID, indexes: null },
) {
  const { skus, products } = loaded;
  // A suspended merchant's products are gone from the shop: ordering one answers as for any product that is not on sale.
  // The rows also name the merchants in a new order's answer (no second read).
  const selling = new Map<number, { id: number; name_en: string; name_zh: string }>();
  for (const merchantId of new Set(products.map((p) => p.merchant_id))) {
    const merchant = loaded.merchants.find((m) => m.id === merchantId);
    if (merchant && isActive(merchant)) selling.set(merchantId, merchant);
  }
  const lines = items.map((item, local) => {
    const index = scope.indexes?.[local] ?? local;
    const sku = skus.find((s) => s.id === item.skuId);
    const product = sku && products.find((p) => p.id === sku.product_id);
    if (!sku || !product || product.on_sale !== 1 || !selling.has(product.merchant_id) || !kindHandler(product.kind).orderable || (!buyer.reseller && isResellerOnlyKind(product.kind))) throw new AppError(serverErrors.productNotFound, `items.${index}.skuId`);
    if (skuSoldOut(product, sku)) throw new AppError(serverErrors.soldOut, `items.${index}.skuId`);
    if (item.quantity < product.qty_min || item.quantity > product.qty_max) {
      throw new AppError(serverErrors.paramInvalid, `items.${index}.quantity`, { min: product.qty_min, max: product.qty_max });
    }
    if (sku.stock !== null && sku.stock < item.quantity) throw new AppError(serverErrors.stockInsufficient, `items.${index}.quantity`, { left: sku.stock });
    const required = requiredInputsOf(product);
    const inputs = Object.fromEntries(Object.entries(item.inputs).map(([k, v]) => [k, v.trim()]));
    const issues = checkInputs ? checkItemInputs(required, inputs) : [];
    if (issues.length) {
      const first = issues[0]!;
      throw new AppError(serverErrors.paramInvalid, `items.${index}.inputs.${first.input}`, { issues: issues.map((i) => ({ field: `items.${index}.inputs.${i.input}`, message: i.message })) });
    }
    const priced = skuSelling(product, sku, buyer.currency);
    const unitPrice = unitPriceFor(priced, item.quantity, buyer.reseller, product.wholesale_min_qty);
    return { product, sku, currency: priced.currency, listPrice: priced.price, quantity: item.quantity, unitPrice, amount: unitPrice * item.quantity, inputs, required };
  });
  checkSkuTotals(lines, scope.indexes);
  // One order, one payment, one currency: lines priced only in different ones are refused (the cart says which).
  const currencies = new Set(lines.map((l) => l.currency));
  if (currencies.size > 1) throw new AppError(serverErrors.orderMixedCurrency, 'items');
  const physical = lines.some((l) => isPhysicalKind(l.product.kind));
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  // Collected at a store: only an order with something to hand over, at a store that does, and nothing travels.
  if (pickupStoreId !== undefined) {
    if (!physical) throw new AppError(serverErrors.pickupNothingToCollect, 'pickupStoreId');
    await requirePickupStore(db, pickupStoreId, scope.merchantId);
  }
  const pickup = pickupStoreId !== undefined;
  // One parcel: the order pays the highest freight among its physical items.
  const freight = physical && !pickup ? Math.max(0, ...lines.filter((l) => isPhysicalKind(l.product.kind)).map((l) => l.product.freight)) : 0;
  // The coupon: priced on the covered lines; a reseller's wholesale line is one below the list price.
  const couponLines = lines.map((l) => ({ productId: l.product.id, kind: l.product.kind, amount: l.amount, wholesale: l.unitPrice < l.listPrice }));
  const couponDraft = { currency: lines[0]!.currency, reseller: buyer.reseller, freight, lines: couponLines };
  // A merchant's own coupon applies only to that merchant's order; a platform-wide one to any.
  const couponPricing = coupon ? await priceCoupons(db, buyer, (merchantId) => (merchantId === null || merchantId === scope.merchantId ? couponDraft : null), coupon.choice, coupon.now, coupon.strict) : null;
  const discount = Math.min(couponPricing?.applied?.discount ?? 0, subtotal + freight);
  return { lines, currency: lines[0]!.currency, subtotal, freight, discount, serviceFee: 0, total: orderTotal({ subtotal, freight, serviceFee: 0, discount }), physical, pickup, coupon: couponPricing, merchants: [...selling.values()] };
}

type PricedDraft = Awaited<ReturnType<typeof priceDraft>>;

/** One merchant's order of a checkout, priced. */
export interface PricedPart extends PricedDraft {
  merchantId: number;
  /** Each line's index in the checkout's items (the customer's order of them). */
  indexes: readonly number[];
}

/**
 * Prices a checkout — the items grouped by the merchant that sells them, one order per
 * merchant, each with its own freight. A cart of one merchant is priced exactly as before. For
 * several, the coupon is priced against the whole checkout (a platform-wide coupon) or its
 * merchant's order (a merchant's own), and a platform-wide discount is split over the orders.
 * One payment covers the checkout, so it has one currency.
 */
export async function priceCheckout(db: Executor, buyer: Buyer, items: DraftItem[], checkInputs = true, coupon?: { choice: CouponChoice; now: number; strict: boolean }, pickupStoreId?: number) {
  // The SKUs, their products and merchants in one read (on PostgreSQL one round trip instead of three).
  const loaded = await checkoutCatalogue(db, items.map((i) => i.skuId));
  const { skus, products } = loaded;
  const merchantOf = (item: DraftItem) => products.find((p) => p.id === skus.find((s) => s.id === item.skuId)?.product_id)?.merchant_id ?? PLATFORM_MERCHANT_ID;
  const merchantIds = [...new Set(items.map(merchantOf))].sort((a, b) => a - b);
  let parts: PricedPart[];
  let pricing: CouponPricing | null;
  if (merchantIds.length <= 1) {
    const merchantId = merchantIds[0] ?? PLATFORM_MERCHANT_ID;
    const priced = await priceDraft(db, buyer, items, loaded, checkInputs, coupon, pickupStoreId, { merchantId, indexes: null });
    parts = [{ ...priced, merchantId, indexes: items.map((_, i) => i) }];
    pricing = priced.coupon;
  } else {
    if (pickupStoreId !== undefined) throw new AppError(serverErrors.pickupOneMerchant, 'pickupStoreId');
    parts = [];
    for (const merchantId of merchantIds) {
      const indexes = items.flatMap((item, i) => (merchantOf(item) === merchantId ? [i] : []));
      const priced = await priceDraft(db, buyer, indexes.map((i) => items[i]!), loaded, checkInputs, undefined, undefined, { merchantId, indexes });
      parts.push({ ...priced, merchantId, indexes });
    }
    if (new Set(parts.map((p) => p.currency)).size > 1) throw new AppError(serverErrors.orderMixedCurrency, 'items');
    const couponDraftOf = (p: PricedPart) => ({
      currency: p.currency,
      reseller: buyer.reseller,
      freight: p.freight,
      lines: p.lines.map((l) => ({ productId: l.product.id, kind: l.product.kind, amount: l.amount, wholesale: l.unitPrice < l.listPrice })),
    });
    const whole = { currency: parts[0]!.currency, reseller: buyer.reseller, freight: parts.reduce((n, p) => n + p.freight, 0), lines: parts.flatMap((p) => couponDraftOf(p).lines) };
    pricing = coupon
      ? await priceCoupons(
          db,
          buyer,
          (merchantId) => {
            if (merchantId === null) return whole;
            const part = parts.find((p) => p.merchantId === merchantId);
            return part ? couponDraftOf(part) : null;
          },
          coupon.choice,
          coupon.now,
          coupon.strict,
        )
      : null;
    const applied = pricing?.applied;
    if (applied) {
      const shares =
        applied.row.merchant_id === null
          ? splitCouponDiscount(applied.row, applied.discount, parts.map(couponDraftOf))
          : parts.map((p) => (p.merchantId === applied.row.merchant_id ? applied.discount : 0));
      parts = parts.map((p, i) => {
        const discount = Math.min(shares[i]!, p.subtotal + p.freight);
        return { ...p, discount, total: orderTotal({ subtotal: p.subtotal, freight: p.freight, serviceFee: 0, discount }) };
      });
    }
  }
  const sum = (f: (p: PricedPart) => number) => parts.reduce((n, p) => n + f(p), 0);
  return {
    parts,
    currency: parts[0]!.currency,
    subtotal: sum((p) => p.subtotal),
    freight: sum((p) => p.freight),
    discount: sum((p) => p.discount),
    total: sum((p) => p.total),
    physical: parts.some((p) => p.physical),
    pickup: parts.some((p) => p.pickup),
    coupon: pricing,
  };
}

function previewLine(l: PricedDraft['lines'][number], lang: Language) {
  return {
    productId: l.product.id,
    skuId: l.sku.id,
    kind: l.product.kind,
    name: pick(lang, l.product.name_en, l.product.name_zh),
    options: skuOptions(l.product, l.sku).map((o) => pickText(lang, o)),
    images: l.product.images,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    amount: l.amount,
    inputs: l.inputs,
    requiredInputs: l.required,
  };
}

export async function previewOrder(db: Executor, buyer: Buyer, items: DraftItem[], lang: Language, checkInputs = true, coupon: { choice: CouponChoice; now: number } = { choice: {}, now: Date.now() }, pickupStoreId?: number) {
  const priced = await priceCheckout(db, buyer, items, checkInputs, { ...coupon, strict: false }, pickupStoreId);
  const names = await merchantNames(db, priced.parts.map((p) => p.merchantId), lang);
  return {
    currency: priced.currency,
    subtotal: priced.subtotal,
    freight: priced.freight,
    serviceFee: 0,
    discount: priced.discount,
    total: priced.total,
    needsAddress: priced.physical && !priced.pickup,
    canPickUp: priced.physical && priced.parts.length === 1,
    ...previewFields(priced.coupon!, lang),
    // In the customer's order of the items (the order page pairs its input fields with them by index).
    items: priced.parts
      .flatMap((p) => p.lines.map((l, k) => ({ index: p.indexes[k]!, line: previewLine(l, lang) })))
      .sort((a, b) => a.index - b.index)
      .map((x) => x.line),
    parts: priced.parts.map((p) => ({
      merchant: { id: p.merchantId, name: names.get(p.merchantId) ?? '' },
      currency: p.currency,
      subtotal: p.subtotal,
      freight: p.freight,
      serviceFee: 0,
      discount: p.discount,
      total: p.total,
      items: p.lines.map((l) => previewLine(l, lang)),
    })),
  };
}

/** Merchants' names in the caller's language, by id. */
export async function merchantNames(db: Executor, ids: readonly number[], lang: Language): Promise<Map<number, string>> {
  return namedMerchants(await orders.merchantsByIds(db, [...new Set(ids)]), lang);
}

export const namedMerchants = (rows: Iterable<{ id: number; name_en: string; name_zh: string }>, lang: Language) => new Map([...rows].map((m) => [m.id, pick(lang, m.name_en, m.name_zh)]));
