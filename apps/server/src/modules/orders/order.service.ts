import {
  AUTO_COMPLETE_MS,
  AUTO_CONFIRM_MS,
  carrierTrackingUrl,
  checkItemInputs,
  customerActions,
  isDeliveredOnline,
  isPhysicalKind,
  orderStatusesForTab,
  orderTotal,
  OrderStatus,
  PLATFORM_MERCHANT_ID,
  serverErrors,
  unitPriceFor,
  UNPAID_TTL_MS,
  type Carrier,
  type Currency,
  type FulfilmentState,
  type ItemInput,
  type Language,
  type OrderDetail,
  type OrderListTab,
  type ProductKind,
} from '@simshop/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Database, Executor } from '../../db/database.ts';
import type { CheckoutsTable, OrderEventsTable, OrderItemsTable } from '../../db/schema.ts';
import { fulfilmentJobs } from '../../jobs/fulfilment.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { Topic } from '../../jobs/topics.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson, pick, pickText, type Bilingual } from '../../lib/i18n.ts';
import { newOrderNo } from '../../lib/order-no.ts';
import type { Providers } from '../../providers/index.ts';
import { requireAddress, toOrderAddress } from '../addresses/address.service.ts';
import { removeOrderedLines } from '../cart/cart.service.ts';
import { isActive } from '../merchants/merchant.service.ts';
import { pickupStoreView, requirePickupStore } from '../stores/store.service.ts';
import { checkoutCatalogue, requiredInputsOf, returnStock, skuOptions, skuSoldOut, takeStock } from '../catalogue/catalogue.service.ts';
import { orderCoupon, previewFields, priceCoupons, recordCouponUse, splitCouponDiscount, type CouponChoice, type CouponPricing } from '../coupons/coupon.service.ts';
import { allKinds, kindHandler, kindsIn } from '../product-kinds/registry.ts';
import { OrderActor, shownActor } from './order-actor.ts';
import { applyOrderEvent, applyOrderEvents, applyOrderEventsWith, recordOrderChange, type OrderRow } from './order-state.ts';
import type { AnyWithMove, RowsOf } from './write-with-move.ts';
import * as orders from './order.repository.ts';
import { checkSkuTotals, inLockOrder } from './sku-totals.ts';

type ItemRow = Selectable<OrderItemsTable>;
type EventRow = Selectable<OrderEventsTable>;

export interface Buyer {
  userId: number;
  reseller: boolean;
}

export interface DraftItem {
  skuId: number;
  quantity: number;
  inputs: Record<string, string>;
}

/** A new order as every kind of purchase writes it (cart checkout, balance top-up). */
export interface NewOrder {
  userId: number;
  reseller: boolean;
  currency: Currency;
  subtotal: number;
  freight: number;
  discount: number;
  remark: string;
  /** The delivery address, copied as it was (JSON), for physical orders. */
  address: string | null;
  addressModifiable: boolean;
  physical: boolean;
  /** The store the order is collected at (no address, no freight). */
  pickupStoreId?: number | null;
  /** The merchant that sells it (the platform when left out) and the checkout it belongs to. */
  merchantId?: number;
  checkoutId?: number | null;
  /** A new checkout this order opens (its first order): written with the order, whose checkout it is. */
  newCheckout?: Insertable<CheckoutsTable>;
  items: Array<Omit<Insertable<OrderItemsTable>, 'order_id'>>;
  /** Written on the order's first event (e.g. "topup"). */
  reason: string;
}

/** A new order as written: its rows, so that the checkout can answer without reading them back. */
export interface WrittenOrder {
  id: number;
  orderNo: string;
  expiresAt: number;
  row: OrderRow;
  items: ItemRow[];
  events: EventRow[];
}

/**
 * The one writer of new orders: an unpaid order whose total follows the one formula, its
 * items and its first event, in the caller's transaction. The payment method's fee is added
 * when the customer chooses the method (modules/payments).
 */
export async function writeOrder(tx: Executor, order: NewOrder, now: number): Promise<WrittenOrder> {
  const orderNo = newOrderNo(now);
  const expiresAt = now + UNPAID_TTL_MS;
  const written = await orders.insertOrderWithItemsAndEvent(
    tx,
    {
      order_no: orderNo,
      user_id: order.userId,
      status: OrderStatus.unpaid,
      reseller: order.reseller ? 1 : 0,
      currency: order.currency,
      subtotal: order.subtotal,
      freight: order.freight,
      service_fee: 0,
      discount: order.discount,
      total: orderTotal({ subtotal: order.subtotal, freight: order.freight, serviceFee: 0, discount: order.discount }),
      remark: order.remark,
      address: order.address,
      address_modifiable: order.addressModifiable ? 1 : 0,
      physical: order.physical ? 1 : 0,
      pickup_store_id: order.pickupStoreId ?? null,
      merchant_id: order.merchantId ?? PLATFORM_MERCHANT_ID,
      checkout_id: order.checkoutId ?? null,
      expires_at: expiresAt,
      created_at: now,
      updated_at: now,
    },
    order.items,
    { event: 'create', from: null, to: OrderStatus.unpaid, actor: OrderActor.user(order.userId), reason: order.reason },
    order.newCheckout,
  );
  return { id: written.row.id, orderNo, expiresAt, row: written.row, items: written.items, events: [written.event] };
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
    if (!sku || !product || product.on_sale !== 1 || !selling.has(product.merchant_id) || !kindHandler(product.kind).orderable) throw new AppError(serverErrors.productNotFound, `items.${index}.skuId`);
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
    const unitPrice = unitPriceFor({ price: sku.price, wholesalePrice: sku.wholesale_price }, item.quantity, buyer.reseller, product.wholesale_min_qty);
    return { product, sku, quantity: item.quantity, unitPrice, amount: unitPrice * item.quantity, inputs, required };
  });
  checkSkuTotals(lines, scope.indexes);
  const currencies = new Set(lines.map((l) => l.product.currency));
  if (currencies.size > 1) throw new AppError(serverErrors.orderMixedCurrency, 'items');
  const physical = lines.some((l) => isPhysicalKind(l.product.kind as ProductKind));
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  // Collected at a store: only an order with something to hand over, at a store that does, and nothing travels.
  if (pickupStoreId !== undefined) {
    if (!physical) throw new AppError(serverErrors.pickupNothingToCollect, 'pickupStoreId');
    await requirePickupStore(db, pickupStoreId, scope.merchantId);
  }
  const pickup = pickupStoreId !== undefined;
  // One parcel: the order pays the highest freight among its physical items.
  const freight = physical && !pickup ? Math.max(0, ...lines.filter((l) => isPhysicalKind(l.product.kind as ProductKind)).map((l) => l.product.freight)) : 0;
  // The coupon: priced on the covered lines; a reseller's wholesale line is one below the list price.
  const couponLines = lines.map((l) => ({ productId: l.product.id, kind: l.product.kind, amount: l.amount, wholesale: l.unitPrice < l.sku.price }));
  const couponDraft = { currency: lines[0]!.product.currency, reseller: buyer.reseller, freight, lines: couponLines };
  // A merchant's own coupon applies only to that merchant's order; a platform-wide one to any.
  const couponPricing = coupon ? await priceCoupons(db, buyer, (merchantId) => (merchantId === null || merchantId === scope.merchantId ? couponDraft : null), coupon.choice, coupon.now, coupon.strict) : null;
  const discount = Math.min(couponPricing?.applied?.discount ?? 0, subtotal + freight);
  return { lines, currency: lines[0]!.product.currency, subtotal, freight, discount, serviceFee: 0, total: orderTotal({ subtotal, freight, serviceFee: 0, discount }), physical, pickup, coupon: couponPricing, merchants: [...selling.values()] };
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
      lines: p.lines.map((l) => ({ productId: l.product.id, kind: l.product.kind, amount: l.amount, wholesale: l.unitPrice < l.sku.price })),
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
    kind: l.product.kind as ProductKind,
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

const namedMerchants = (rows: Iterable<{ id: number; name_en: string; name_zh: string }>, lang: Language) => new Map([...rows].map((m) => [m.id, pick(lang, m.name_en, m.name_zh)]));

/**
 * Creates an unpaid order in one transaction: prices it, copies the address, reserves stock
 * (a unit can only be taken once, whatever runs at the same time), writes items and the first
 * event, and takes the lines out of the cart.
 */
export async function createOrder(
  db: Database,
  buyer: Buyer,
  input: { items: DraftItem[]; addressId?: number | undefined; pickupStoreId?: number | undefined; cartItemIds: number[]; remark: string } & CouponChoice,
  lang: Language,
  now: number,
): Promise<OrderDetail> {
  const created = await db.transaction().execute(async (tx) => {
    const priced = await priceCheckout(tx, buyer, input.items, true, { choice: { couponCode: input.couponCode, couponId: input.couponId }, now, strict: true }, input.pickupStoreId);
    let address: string | null = null;
    if (priced.physical && !priced.pickup) {
      if (input.addressId === undefined) throw new AppError(serverErrors.paramMissing, 'addressId');
      address = JSON.stringify(toOrderAddress(await requireAddress(tx, buyer.userId, input.addressId)));
    }
    // One checkout, one order per merchant; the one payment covers them all.
    // The checkout is written with its first order (on PostgreSQL in the same statement).
    const checkoutNo = `CO${newOrderNo(now).slice(2)}`;
    const checkout = { checkout_no: checkoutNo, user_id: buyer.userId, currency: priced.currency, created_at: now };
    let checkoutId: number | null = null;
    const written: WrittenOrder[] = [];
    for (const part of priced.parts) {
      const order = await writeOrder(
        tx,
        {
          userId: buyer.userId,
          reseller: buyer.reseller,
          currency: part.currency,
          subtotal: part.subtotal,
          freight: part.freight,
          discount: part.discount,
          remark: input.remark,
          // A merchant's order without goods that travel needs no address.
          address: part.physical ? address : null,
          addressModifiable: !priced.pickup,
          physical: part.physical,
          pickupStoreId: input.pickupStoreId ?? null,
          merchantId: part.merchantId,
          checkoutId,
          ...(checkoutId === null ? { newCheckout: checkout } : {}),
          reason: '',
          items: part.lines.map((l) => ({
            product_id: l.product.id,
            sku_id: l.sku.id,
            kind: l.product.kind,
            name_en: l.product.name_en,
            name_zh: l.product.name_zh,
            options: JSON.stringify(skuOptions(l.product, l.sku)),
            images: l.product.images,
            unit_price: l.unitPrice,
            quantity: l.quantity,
            amount: l.amount,
            inputs: JSON.stringify(l.inputs),
            required_inputs: JSON.stringify(l.required),
            stock_reserved: l.sku.stock !== null ? 1 : 0,
          })),
        },
        now,
      );
      checkoutId = order.row.checkout_id;
      written.push(order);
    }
    const applied = priced.coupon?.applied;
    if (applied) {
      // The use is one row: it belongs to the first order that took a share of the discount.
      const holder = written.find((w, i) => priced.parts[i]!.discount > 0) ?? written[0]!;
      await recordCouponUse(tx, buyer, applied, holder.id, now);
    }
    await removeOrderedLines(tx, buyer.userId, input.cartItemIds);
    // Stock is taken last, in the same transaction: a SKU's row is what every buyer of it waits
    // for (on PostgreSQL a row lock held to the commit), so it is held from here to the commit
    // only; a unit short still undoes the whole order. Every merchant's stock in one lock order,
    // after the coupon as a cancel releases them: two checkouts never wait on each other in a circle.
    const all = priced.parts.flatMap((p) => p.lines);
    for (const { line } of inLockOrder(all.map((line) => ({ line, skuId: line.sku.id })))) {
      if (line.sku.stock !== null && !(await takeStock(tx, line.sku.id, line.quantity))) {
        const index = input.items.findIndex((i) => i.skuId === line.sku.id);
        throw new AppError(serverErrors.stockInsufficient, `items.${index}.quantity`);
      }
    }
    // Not `!== undefined`: pricing without a coupon answers null, and the answer would look for a use that cannot exist.
    return { written, checkoutNo, couponApplied: applied != null, merchants: priced.parts.flatMap((p) => p.merchants) };
  });
  // The answer is built from the rows just written rather than read back (about ten statements
  // fewer per checkout); an API test holds it equal to what the order's detail then shows.
  const { written, checkoutNo, couponApplied } = created;
  const first = written[0]!;
  // Every order of a cart checkout has one (the first wrote it).
  const checkoutId = first.row.checkout_id!;
  // Named from the merchants' rows pricing read in the transaction: each order's merchant was checked to sell there.
  const names = namedMerchants(created.merchants, lang);
  return toOrderDetail(
    {
      o: first.row,
      items: first.items,
      events: first.events,
      names,
      checkoutNos: new Map([[checkoutId, checkoutNo]]),
      checkout: toCheckoutView(checkoutNo, first.row, written.map((w) => w.row), written.flatMap((w) => w.items), names),
      // Unpaid: nothing is being issued, and every kind delivers only once paid.
      fulfilment: null,
      delivered: { esims: [], ecodes: [] },
      coupon: couponApplied ? await orderCoupon(db, first.id, lang) : null,
      pickupStore: first.row.pickup_store_id === null ? null : await pickupStoreView(db, first.row.pickup_store_id, lang),
    },
    lang,
  );
}

function toLine(item: ItemRow, lang: Language) {
  return {
    id: item.id,
    productId: item.product_id,
    skuId: item.sku_id,
    kind: item.kind as ProductKind,
    name: pick(lang, item.name_en, item.name_zh),
    options: parseJson<Bilingual[]>(item.options, []).map((o) => pickText(lang, o)),
    images: item.images,
    unitPrice: item.unit_price,
    quantity: item.quantity,
    amount: item.amount,
    inputs: parseJson<Record<string, string>>(item.inputs, {}),
    requiredInputs: parseJson<ItemInput[]>(item.required_inputs, []),
  };
}

function toSummary(o: OrderRow, items: ItemRow[], lang: Language, names: ReadonlyMap<number, string>, checkoutNos: ReadonlyMap<number, string>) {
  return {
    merchant: { id: o.merchant_id, name: names.get(o.merchant_id) ?? '' },
    checkoutNo: o.checkout_id === null ? null : (checkoutNos.get(o.checkout_id) ?? null),
    orderNo: o.order_no,
    status: o.status as OrderDetail['status'],
    createdAt: o.created_at,
    expiresAt: o.status === OrderStatus.unpaid ? o.expires_at : null,
    currency: o.currency,
    subtotal: o.subtotal,
    freight: o.freight,
    serviceFee: o.service_fee,
    discount: o.discount,
    total: o.total,
    itemCount: items.reduce((n, i) => n + i.quantity, 0),
    items: items.map((i) => toLine(i, lang)),
    actions: customerActions({ status: o.status as OrderDetail['status'], physical: o.physical === 1, addressModifiable: o.address_modifiable === 1, hasTracking: !!o.tracking_no && !!carrierTrackingUrl(o.carrier as Carrier, o.tracking_no) }),
  };
}

export async function requireOwnOrder(db: Executor, userId: number, orderNo: string): Promise<OrderRow> {
  const order = await orders.findOwn(db, userId, orderNo);
  // Deleted orders are gone for the customer, and another user's order does not exist.
  if (!order || order.status === OrderStatus.deleted) throw new AppError(serverErrors.orderNotFound, 'orderNo');
  return order;
}

/** The names and checkout numbers the summaries of these orders show. */
async function summaryContext(db: Executor, rows: readonly OrderRow[], lang: Language) {
  const names = await merchantNames(db, rows.map((r) => r.merchant_id), lang);
  const checkouts = await orders.checkoutsByIds(db, [...new Set(rows.flatMap((r) => (r.checkout_id === null ? [] : [r.checkout_id])))]);
  return { names, checkoutNos: new Map(checkouts.map((c) => [c.id, c.checkout_no])) };
}

/** The orders of an order's checkout as its page links them; null when the checkout has only this one. */
async function checkoutView(db: Executor, o: OrderRow, lang: Language): Promise<OrderDetail['checkout']> {
  if (o.checkout_id === null) return null;
  const siblings = await orders.ordersOfCheckout(db, o.checkout_id);
  if (siblings.filter((r) => r.status !== OrderStatus.deleted || r.id === o.id).length < 2) return null;
  const [checkout] = await orders.checkoutsByIds(db, [o.checkout_id]);
  const items = await orders.itemsOf(db, siblings.map((r) => r.id));
  return toCheckoutView(checkout!.checkout_no, o, siblings, items, await merchantNames(db, siblings.map((r) => r.merchant_id), lang));
}

function toCheckoutView(checkoutNo: string, o: OrderRow, checkoutOrders: readonly OrderRow[], items: readonly ItemRow[], names: ReadonlyMap<number, string>): OrderDetail['checkout'] {
  // The customer's deleted orders drop out of the group, except the one being shown.
  const siblings = checkoutOrders.filter((r) => r.status !== OrderStatus.deleted || r.id === o.id);
  if (siblings.length < 2) return null;
  return {
    checkoutNo,
    total: siblings.reduce((n, r) => n + r.total, 0),
    orders: siblings.map((r) => ({
      orderNo: r.order_no,
      merchant: { id: r.merchant_id, name: names.get(r.merchant_id) ?? '' },
      status: r.status as OrderDetail['status'],
      total: r.total,
      itemCount: items.filter((i) => i.order_id === r.id).reduce((n, i) => n + i.quantity, 0),
    })),
  };
}

/** Everything an order's page shows, read or just written. */
interface OrderView {
  o: OrderRow;
  items: ItemRow[];
  events: EventRow[];
  names: ReadonlyMap<number, string>;
  checkoutNos: ReadonlyMap<number, string>;
  checkout: OrderDetail['checkout'];
  fulfilment: FulfilmentState | null;
  delivered: Pick<OrderDetail, 'esims' | 'ecodes'>;
  coupon: OrderDetail['coupon'];
  pickupStore: OrderDetail['pickupStore'];
}

export async function orderDetail(db: Executor, userId: number, orderNo: string, lang: Language): Promise<OrderDetail> {
  const o = await requireOwnOrder(db, userId, orderNo);
  const context = await summaryContext(db, [o], lang);
  return toOrderDetail(
    {
      o,
      items: await orders.itemsOf(db, [o.id]),
      events: await orders.eventsOf(db, o.id),
      names: context.names,
      checkoutNos: context.checkoutNos,
      checkout: await checkoutView(db, o, lang),
      fulfilment: await customerFulfilment(db, o, Date.now()),
      delivered: await deliveredView(db, userId, o.id, lang),
      coupon: await orderCoupon(db, o.id, lang),
      pickupStore: o.pickup_store_id === null ? null : await pickupStoreView(db, o.pickup_store_id, lang),
    },
    lang,
  );
}

function toOrderDetail(view: OrderView, lang: Language): OrderDetail {
  const { o } = view;
  return {
    ...toSummary(o, view.items, lang, view.names, view.checkoutNos),
    checkout: view.checkout,
    fulfilment: view.fulfilment,
    remark: o.remark,
    payMethod: o.pay_method,
    paymentTransId: o.payment_trans_id,
    paidAt: o.paid_at,
    refundId: o.refund_id,
    refundReason: o.refund_reason,
    refundAmount: o.refund_amount,
    address: o.address ? JSON.parse(o.address) : null,
    carrier: (o.carrier as Carrier | null) ?? null,
    trackingNo: o.tracking_no,
    trackingUrl: o.carrier && o.tracking_no ? carrierTrackingUrl(o.carrier as Carrier, o.tracking_no) : null,
    shippedAt: o.shipped_at,
    receivedAt: o.received_at,
    events: view.events.map((e) => ({ from: e.from_status, to: e.to_status, at: e.created_at, by: shownActor(e.actor) })),
    physical: o.physical === 1,
    ...view.delivered,
    coupon: view.coupon,
    pickupStore: view.pickupStore,
  };
}

/** What each kind delivered, as the customer's order page shows it (every kind is asked: a row links to the order, not the item). */
async function deliveredView(db: Executor, userId: number, orderId: number, lang: Language): Promise<Pick<OrderDetail, 'esims' | 'ecodes'>> {
  const view: Pick<OrderDetail, 'esims' | 'ecodes'> = { esims: [], ecodes: [] };
  for (const handler of allKinds()) if (handler.detail) Object.assign(view, await handler.detail(db, userId, orderId, lang));
  return view;
}

/**
 * Issuing a paid order (eSIM from the SM-DP+, recharge at the carrier) runs as a background job
 * that never gives up. The customer sees "being issued" (or "delayed" once the owner was alerted).
 */
async function customerFulfilment(db: Executor, order: Pick<OrderRow, 'id' | 'status'>, now: number): Promise<FulfilmentState | null> {
  if (order.status !== OrderStatus.paid) return null;
  return (await fulfilmentJobs(db, [order.id], now)).get(order.id)?.state ?? null;
}

export async function listOrders(db: Executor, userId: number, input: { tab: OrderListTab; page: number; size: number }, lang: Language) {
  const statuses = orderStatusesForTab(input.tab);
  const rows = await orders.listOwn(db, userId, statuses, (input.page - 1) * input.size, input.size);
  const items = await orders.itemsOf(db, rows.map((r) => r.id));
  const context = await summaryContext(db, rows, lang);
  return {
    items: rows.map((o) => toSummary(o, items.filter((i) => i.order_id === o.id), lang, context.names, context.checkoutNos)),
    total: await orders.countOwn(db, userId, statuses),
    page: input.page,
    size: input.size,
  };
}

/**
 * The caller's order by number with every order one payment of it covers and, when
 * asked, their items, read together in the payment's transaction (on PostgreSQL one
 * round trip for what took three). Deleted orders and other users' orders are not found.
 */
export async function ownOrderPaidTogether(tx: Executor, userId: number, orderNo: string, withItems: boolean): Promise<{ order: OrderRow; all: OrderRow[]; items: ItemRow[] }> {
  const { own, together, items } = await orders.ownWithCheckout(tx, userId, orderNo, withItems);
  if (!own || own.status === OrderStatus.deleted) throw new AppError(serverErrors.orderNotFound, 'orderNo');
  return { order: own, all: together, items };
}

/** Puts reserved stock back, once per item, when an order will not be fulfilled. */
export async function releaseStock(tx: Executor, orderId: number) {
  for (const item of inLockOrder((await orders.itemsOf(tx, [orderId])).map((i) => ({ ...i, skuId: i.sku_id })))) {
    if (item.stock_reserved === 1 && (await orders.markStockReturned(tx, item.id))) await returnStock(tx, item.sku_id, item.quantity);
  }
}

/**
 * The orders one payment covers — every order of the checkout, or the order alone
 * (top-ups, orders from before checkouts). Ordered by id, so locks are taken in one order.
 */
export async function ordersPaidTogether(db: Executor, order: OrderRow): Promise<OrderRow[]> {
  if (order.checkout_id === null) return [order];
  return orders.ordersOfCheckout(db, order.checkout_id);
}

/**
 * Cancelling an unpaid order cancels its whole checkout (docs/decisions.md): the orders of a
 * checkout are paid by one payment, so before payment they stand or fall together.
 */
export async function cancelOrder(db: Database, userId: number, orderNo: string, now: number) {
  await db.transaction().execute(async (tx) => {
    const order = await requireOwnOrder(tx, userId, orderNo);
    await applyOrderEvent(tx, order, 'cancel', { actor: OrderActor.user(userId), changes: { expires_at: null } }, now);
    await releaseStock(tx, order.id);
    for (const other of await ordersPaidTogether(tx, order)) {
      if (other.id === order.id || other.status !== OrderStatus.unpaid) continue;
      await applyOrderEvent(tx, other, 'cancel', { actor: OrderActor.user(userId), reason: 'checkout', changes: { expires_at: null } }, now);
      await releaseStock(tx, other.id);
    }
  });
}

export async function confirmReceipt(db: Database, userId: number, orderNo: string, now: number) {
  await db.transaction().execute(async (tx) => {
    const order = await requireOwnOrder(tx, userId, orderNo);
    await applyOrderEvent(tx, order, 'confirm', { actor: OrderActor.user(userId), changes: { received_at: now } }, now);
  });
}

/** A new delivery address, while the order has not shipped and the shop allows it. */
export async function modifyAddress(db: Database, userId: number, orderNo: string, addressId: number, now: number) {
  await db.transaction().execute(async (tx) => {
    const order = await requireOwnOrder(tx, userId, orderNo);
    const allowed = order.physical === 1 && order.address_modifiable === 1 && (order.status === OrderStatus.unpaid || order.status === OrderStatus.paid);
    if (!allowed) throw new AppError(serverErrors.orderStatusConflict, 'orderNo');
    const address = toOrderAddress(await requireAddress(tx, userId, addressId));
    await recordOrderChange(tx, order, 'modify_address', { actor: OrderActor.user(userId), changes: { address: JSON.stringify(address) } }, now);
  });
}

export async function requestRefund(db: Database, userId: number, input: { orderNo: string; reason: string; note: string }, now: number) {
  await db.transaction().execute(async (tx) => {
    const order = await requireOwnOrder(tx, userId, input.orderNo);
    const refundId = `RF${order.order_no.slice(2)}`;
    await applyOrderEvent(tx, order, 'request_refund', { actor: OrderActor.user(userId), reason: input.reason, changes: { refund_id: refundId, refund_reason: input.reason, refund_note: input.note } }, now);
  });
}

export async function deleteOrder(db: Database, userId: number, orderNo: string, now: number) {
  await db.transaction().execute(async (tx) => {
    const order = await requireOwnOrder(tx, userId, orderNo);
    await applyOrderEvent(tx, order, 'delete', { actor: OrderActor.user(userId) }, now);
  });
  return { ok: true as const };
}

/**
 * Marks an order paid inside the payment's transaction. Pool eSIMs are assigned right here, in
 * the same transaction (DESIGN §4); an order made only of them is delivered at once. Anything
 * else is queued for fulfilment.
 */
export async function markOrderPaid<P extends readonly AnyWithMove[] = []>(
  tx: Executor,
  order: OrderRow,
  payment: { id: string; method: string; actor: OrderActor },
  now: number,
  /**
   * What the payment has in hand (fewer round trips per checkout): the order's items as
   * read in this transaction, a fee the move writes with the status (`withPaymentFee`) instead of
   * a statement of its own before it, and a write of the payment's own that goes with the move
   * (its rows are returned).
   */
  known: { items?: readonly ItemRow[]; fee?: number; withMove?: P } = {},
): Promise<RowsOf<P> | undefined> {
  const paid = known.fee === undefined ? order : withPaymentFee(order, known.fee);
  const fee = known.fee === undefined ? {} : { service_fee: paid.service_fee, total: paid.total };
  // What can be issued at once is issued first, so an order delivered by its payment is paid and
  // delivered by one move of its row, with both events. The move still decides: if the
  // order is no longer unpaid it is refused, and the whole transaction with what was issued.
  const { complete } = await issueDigital(tx, { ...paid, status: OrderStatus.paid }, now, known.items);
  const pay = { event: 'pay', actor: payment.actor, changes: { ...fee, pay_method: payment.method, payment_trans_id: payment.id, paid_at: now, expires_at: null } } as const;
  const steps = complete ? [pay, deliveredOnline] : [pay];
  const written = known.withMove ? await applyOrderEventsWith(tx, order, steps, now, known.withMove) : (await applyOrderEvents(tx, order, steps, now), undefined);
  if (!complete) await enqueue(tx, Topic.orderFulfil, { orderId: order.id }, now);
  return written;
}

/** The move of an order whose every item was delivered online. */
const deliveredOnline = { event: 'deliver', actor: OrderActor.system, changes: { carrier: 'online', address_modifiable: 0 } } as const;

/**
 * Issues what a transaction can (pool eSIMs, ECodes, top-up credits) and counts what is still
 * owed; complete when every item is delivered online and nothing is owed.
 */
async function issueDigital(tx: Executor, order: OrderRow, now: number, known?: readonly ItemRow[]): Promise<{ complete: boolean; missing: number }> {
  const items = known ?? (await orders.itemsOf(tx, [order.id]));
  let missing = 0;
  for (const { handler, items: ofKind } of kindsIn(items)) if (handler.deliver) missing += await handler.deliver(tx, order, ofKind, now);
  return { complete: missing === 0 && items.length > 0 && items.every((i) => isDeliveredOnline(i.kind)), missing };
}

/**
 * Issues what the transaction can and, when every item is delivered online and nothing is owed,
 * delivers the (paid) order. Returns whether it did, and how many units are still missing.
 */
async function deliverDigital(tx: Executor, order: OrderRow, now: number): Promise<{ delivered: boolean; missing: number }> {
  const { complete, missing } = await issueDigital(tx, order, now);
  if (complete) await applyOrderEvents(tx, order, [deliveredOnline], now);
  return { delivered: complete, missing };
}

/**
 * After payment: each kind's provider calls run (eSIMs from the SM-DP+, recharges at the
 * carrier), then what the kinds deliver is counted; an order made only of kinds the shop
 * verifies (services) waits for it. Physical orders wait for shipping.
 */
export async function fulfilOrder(db: Database, providers: Pick<Providers, 'smdp' | 'carrier'>, orderId: number, now: number) {
  const order = await orders.findById(db, orderId);
  if (!order || order.status !== OrderStatus.paid) return;
  // Provider calls first, outside any transaction; each unit they deliver is recorded on its own.
  for (const { handler, items } of kindsIn(await orders.itemsOf(db, [order.id]))) await handler.issueWithProviders?.(db, providers, order, items, now);
  const short = await db.transaction().execute(async (tx) => {
    const fresh = await orders.findById(tx, orderId);
    if (!fresh || fresh.status !== OrderStatus.paid) return 0;
    const items = await orders.itemsOf(tx, [fresh.id]);
    if (items.length > 0 && items.every((i) => kindHandler(i.kind).verifiedByShop)) {
      await applyOrderEvent(tx, fresh, 'verify', { actor: OrderActor.system }, now);
      return 0;
    }
    return (await deliverDigital(tx, fresh, now)).missing;
  });
  // A pool ran dry or a provider failed: the outbox tries again later. Failed recharges stay
  // failed (the order waits for a refund) and are not retried.
  if (short > 0) throw new Error(`order ${orderId} still waits for ${short} unit(s) to be delivered`);
}

export const orderById = (db: Executor, id: number) => orders.findById(db, id);

/** Whether every kind in these orders may be paid from a reseller balance (a top-up may not). */
export async function payableFromBalance(db: Executor, orderIds: readonly number[]): Promise<boolean> {
  return kindsPayableFromBalance(await orders.itemsOf(db, orderIds));
}

/** Whether every kind among these items may be paid from a reseller balance (a top-up may not). */
export const kindsPayableFromBalance = (items: readonly ItemRow[]) => kindsIn(items).every(({ handler }) => handler.payableFromBalance);

/** The amount an unpaid order comes to before a payment method's fee. */
export const totalBeforeFee = (o: Pick<OrderRow, 'subtotal' | 'freight' | 'discount'>) => orderTotal({ subtotal: o.subtotal, freight: o.freight, serviceFee: 0, discount: o.discount });

/**
 * Sets the chosen payment method's fee on an unpaid order, and its total by the one formula, so
 * the provider is asked for, the order says and a notification must match the same amount.
 * False when the order is no longer unpaid.
 */
export async function setPaymentFee(tx: Executor, order: OrderRow, fee: number, now: number): Promise<{ updated: boolean; total: number }> {
  const { total } = withPaymentFee(order, fee);
  return { updated: await orders.updateFields(tx, order.id, OrderStatus.unpaid, { service_fee: fee, total }, now), total };
}

/** The order with a payment method's fee, and its total by the one formula (not written). */
export function withPaymentFee(order: OrderRow, fee: number): OrderRow {
  return { ...order, service_fee: fee, total: orderTotal({ subtotal: order.subtotal, freight: order.freight, serviceFee: fee, discount: order.discount }) };
}

/** Unpaid orders past their 30 minutes become invalid and give their stock back. */
export async function expireUnpaidOrders(db: Database, now: number): Promise<number> {
  const due = await orders.findDue(db, OrderStatus.unpaid, 'expires_at', now, 100);
  for (const row of due) {
    await db.transaction().execute(async (tx) => {
      const order = await orders.findById(tx, row.id);
      if (!order || order.status !== OrderStatus.unpaid) return;
      // The orders of a checkout share their deadline and expire together (one payment covers them).
      for (const one of await ordersPaidTogether(tx, order)) {
        if (one.status !== OrderStatus.unpaid) continue;
        await applyOrderEvent(tx, one, 'expire', { actor: OrderActor.system, changes: { expires_at: null } }, now);
        await releaseStock(tx, one.id);
      }
    });
  }
  return due.length;
}

/** Shipped orders are confirmed after 10 days; received ones complete after the 7-day after-sales window. */
export async function advanceAgedOrders(db: Database, now: number) {
  const moves = [
    [OrderStatus.shipped, 'shipped_at', AUTO_CONFIRM_MS, 'confirm'],
    [OrderStatus.received, 'received_at', AUTO_COMPLETE_MS, 'complete'],
    [OrderStatus.delivered, 'paid_at', AUTO_COMPLETE_MS, 'complete'],
  ] as const;
  for (const [status, column, age, event] of moves) {
    for (const row of await orders.findDue(db, status, column, now - age, 100)) {
      await db.transaction().execute(async (tx) => {
        const order = await orders.findById(tx, row.id);
        if (order?.status !== status) return;
        await applyOrderEvent(tx, order, event, { actor: OrderActor.system, changes: event === 'confirm' ? { received_at: now } : {} }, now);
      });
    }
  }
}

/** A customer's orders for the console: every status (deleted too), names in both languages. */
export async function customerOrders(db: Executor, userId: number, page: { page: number; pageSize: number }) {
  const rows = await orders.listOfUser(db, userId, (page.page - 1) * page.pageSize, page.pageSize);
  const items = await orders.itemsOf(db, rows.map((r) => r.id));
  return {
    total: await orders.countOfUser(db, userId),
    items: rows.map((o) => {
      const lines = items.filter((i) => i.order_id === o.id);
      const first = lines[0];
      return {
        orderNo: o.order_no,
        status: o.status as OrderStatus,
        currency: o.currency,
        total: o.total,
        itemCount: lines.reduce((n, i) => n + i.quantity, 0),
        firstItem: first ? { en: first.name_en, zh: first.name_zh } : null,
        more: Math.max(0, lines.length - 1),
        payMethod: o.pay_method,
        createdAt: o.created_at,
        paidAt: o.paid_at,
      };
    }),
  };
}
