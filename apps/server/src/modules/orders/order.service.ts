import { randomBytes } from 'node:crypto';
import {
  AUTO_COMPLETE_MS,
  AUTO_CONFIRM_MS,
  carrierTrackingUrl,
  checkItemInputs,
  customerActions,
  isDeliveredOnline,
  isPhysicalKind,
  orderStatusesForTab,
  OrderStatus,
  serverErrors,
  unitPriceFor,
  UNPAID_TTL_MS,
  type Carrier,
  type ItemInput,
  type Language,
  type OrderDetail,
  type OrderListTab,
  type ProductKind,
} from '@simshop/contract';
import type { Selectable } from 'kysely';
import type { Database, Executor } from '../../db/database.ts';
import type { OrderItemsTable } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { parseJson, pick, pickText, type Bilingual } from '../../lib/i18n.ts';
import { requireAddress, toOrderAddress } from '../addresses/address.service.ts';
import { removeLines } from '../cart/cart.repository.ts';
import { assignPoolProfiles, issueOnDemandProfiles, orderEsims, unissuedOnDemand } from '../esim/esim.service.ts';
import type { Providers } from '../../providers/index.ts';
import { fulfilRecharges, unrechargedUnits } from '../devices/device.service.ts';
import { issueOrderEcodes, orderEcodes } from '../ecode/ecode.service.ts';
import { creditOrderTopups } from '../balance/balance-topup.service.ts';
import * as catalogueRepo from '../catalogue/catalogue.repository.ts';
import { previewFields, priceCoupons, recordCouponUse, type CouponChoice } from '../coupons/coupon.service.ts';
import { requiredInputsOf, skuOptions, skuSoldOut } from '../catalogue/catalogue.service.ts';
import { applyOrderEvent, recordOrderChange, type OrderRow } from './order-state.ts';
import * as orders from './order.repository.ts';
import { checkSkuTotals, inLockOrder } from './sku-totals.ts';
import { customerFulfilment } from './order-fulfilment.service.ts';

type ItemRow = Selectable<OrderItemsTable>;

export interface Buyer {
  userId: number;
  reseller: boolean;
}

export interface DraftItem {
  skuId: number;
  quantity: number;
  inputs: Record<string, string>;
}

/** SS + UTC yyyyMMddHHmmss + 6 random characters: sortable, unguessable enough to read out on the phone. */
export function newOrderNo(now: number): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  const alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const tail = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
  return `SS${stamp}${tail}`;
}

/**
 * Prices a draft as the server sees it: current prices (wholesale for resellers from the
 * minimum quantity on), quantity limits, stock, each product's required inputs (SPEC §5), one
 * currency per order, freight for physical items.
 */
export async function priceDraft(db: Executor, buyer: Buyer, items: DraftItem[], checkInputs = true, coupon?: { choice: CouponChoice; now: number; strict: boolean }) {
  const skus = await catalogueRepo.findSkus(db, items.map((i) => i.skuId));
  const products = await catalogueRepo.findProducts(db, [...new Set(skus.map((s) => s.product_id))]);
  const lines = items.map((item, index) => {
    const sku = skus.find((s) => s.id === item.skuId);
    const product = sku && products.find((p) => p.id === sku.product_id);
    if (!sku || !product || product.on_sale !== 1) throw new AppError(serverErrors.productNotFound, `items.${index}.skuId`);
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
  checkSkuTotals(lines);
  const currencies = new Set(lines.map((l) => l.product.currency));
  if (currencies.size > 1) throw new AppError(serverErrors.orderMixedCurrency, 'items');
  const physical = lines.some((l) => isPhysicalKind(l.product.kind as ProductKind));
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  // One parcel: the order pays the highest freight among its physical items.
  const freight = physical ? Math.max(0, ...lines.filter((l) => isPhysicalKind(l.product.kind as ProductKind)).map((l) => l.product.freight)) : 0;
  // The coupon (issue 13): priced on the covered lines; a reseller's wholesale line is one below the list price.
  const couponLines = lines.map((l) => ({ productId: l.product.id, kind: l.product.kind, amount: l.amount, wholesale: l.unitPrice < l.sku.price }));
  const couponPricing = coupon ? await priceCoupons(db, buyer, { currency: lines[0]!.product.currency, reseller: buyer.reseller, freight, lines: couponLines }, coupon.choice, coupon.now, coupon.strict) : null;
  const discount = Math.min(couponPricing?.applied?.discount ?? 0, subtotal + freight);
  return { lines, currency: lines[0]!.product.currency as 'USD' | 'CNY', subtotal, freight, discount, serviceFee: 0, total: subtotal + freight - discount, physical, coupon: couponPricing };
}

export async function previewOrder(db: Executor, buyer: Buyer, items: DraftItem[], lang: Language, checkInputs = true, coupon: { choice: CouponChoice; now: number } = { choice: {}, now: Date.now() }) {
  const priced = await priceDraft(db, buyer, items, checkInputs, { ...coupon, strict: false });
  return {
    currency: priced.currency,
    subtotal: priced.subtotal,
    freight: priced.freight,
    serviceFee: 0,
    discount: priced.discount,
    total: priced.total,
    needsAddress: priced.physical,
    ...previewFields(priced.coupon!, lang),
    items: priced.lines.map((l) => ({
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
    })),
  };
}

/**
 * Creates an unpaid order in one transaction: prices it, copies the address, reserves stock
 * (a unit can only be taken once, whatever runs at the same time), writes items and the first
 * event, and takes the lines out of the cart.
 */
export async function createOrder(
  db: Database,
  buyer: Buyer,
  input: { items: DraftItem[]; addressId?: number | undefined; cartItemIds: number[]; remark: string } & CouponChoice,
  lang: Language,
  now: number,
): Promise<OrderDetail> {
  const orderNo = await db.transaction().execute(async (tx) => {
    const priced = await priceDraft(tx, buyer, input.items, true, { choice: { couponCode: input.couponCode, couponId: input.couponId }, now, strict: true });
    let address: string | null = null;
    if (priced.physical) {
      if (input.addressId === undefined) throw new AppError(serverErrors.paramMissing, 'addressId');
      address = JSON.stringify(toOrderAddress(await requireAddress(tx, buyer.userId, input.addressId)));
    }
    for (const { line, index } of inLockOrder(priced.lines.map((line, index) => ({ line, index, skuId: line.sku.id })))) {
      if (line.sku.stock !== null && !(await catalogueRepo.takeStock(tx, line.sku.id, line.quantity))) {
        throw new AppError(serverErrors.stockInsufficient, `items.${index}.quantity`);
      }
    }
    const no = newOrderNo(now);
    const id = await orders.insertOrder(tx, {
      order_no: no,
      user_id: buyer.userId,
      status: OrderStatus.unpaid,
      reseller: buyer.reseller ? 1 : 0,
      currency: priced.currency,
      subtotal: priced.subtotal,
      freight: priced.freight,
      service_fee: 0,
      discount: priced.discount,
      total: priced.total,
      remark: input.remark,
      address,
      address_modifiable: 1,
      physical: priced.physical ? 1 : 0,
      expires_at: now + UNPAID_TTL_MS,
      created_at: now,
      updated_at: now,
    });
    await orders.insertItems(
      tx,
      priced.lines.map((l) => {
        const options = skuOptions(l.product, l.sku);
        return {
          order_id: id,
          product_id: l.product.id,
          sku_id: l.sku.id,
          kind: l.product.kind,
          name_en: l.product.name_en,
          name_zh: l.product.name_zh,
          options: JSON.stringify(options),
          images: l.product.images,
          unit_price: l.unitPrice,
          quantity: l.quantity,
          amount: l.amount,
          inputs: JSON.stringify(l.inputs),
          required_inputs: JSON.stringify(l.required),
          stock_reserved: l.sku.stock !== null ? 1 : 0,
        };
      }),
    );
    if (priced.coupon?.applied) await recordCouponUse(tx, buyer, priced.coupon.applied, id, now);
    await orders.insertEvent(tx, { orderId: id, event: 'create', from: null, to: OrderStatus.unpaid, actor: `user:${buyer.userId}`, reason: '', now });
    await removeLines(tx, buyer.userId, input.cartItemIds);
    return no;
  });
  return orderDetail(db, buyer.userId, orderNo, lang);
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

function toSummary(o: OrderRow, items: ItemRow[], lang: Language) {
  return {
    orderNo: o.order_no,
    status: o.status as OrderDetail['status'],
    createdAt: o.created_at,
    expiresAt: o.status === OrderStatus.unpaid ? o.expires_at : null,
    currency: o.currency as 'USD' | 'CNY',
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

export async function orderDetail(db: Executor, userId: number, orderNo: string, lang: Language): Promise<OrderDetail> {
  const o = await requireOwnOrder(db, userId, orderNo);
  const items = await orders.itemsOf(db, [o.id]);
  const events = await orders.eventsOf(db, o.id);
  return {
    ...toSummary(o, items, lang),
    fulfilment: await customerFulfilment(db, o, Date.now()),
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
    events: events.map((e) => ({ from: e.from_status, to: e.to_status, at: e.created_at, by: e.actor.startsWith('user:') ? 'customer' : e.actor.split(':')[0]! })),
    physical: o.physical === 1,
    esims: await orderEsims(db, userId, o.id, lang),
    ecodes: await orderEcodes(db, o.id),
  };
}

export async function listOrders(db: Executor, userId: number, input: { tab: OrderListTab; page: number; size: number }, lang: Language) {
  const statuses = orderStatusesForTab(input.tab);
  const rows = await orders.listOwn(db, userId, statuses, (input.page - 1) * input.size, input.size);
  const items = await orders.itemsOf(db, rows.map((r) => r.id));
  return {
    items: rows.map((o) => toSummary(o, items.filter((i) => i.order_id === o.id), lang)),
    total: await orders.countOwn(db, userId, statuses),
    page: input.page,
    size: input.size,
  };
}

/** Puts reserved stock back, once per item, when an order will not be fulfilled. */
export async function releaseStock(tx: Executor, orderId: number) {
  for (const item of inLockOrder((await orders.itemsOf(tx, [orderId])).map((i) => ({ ...i, skuId: i.sku_id })))) {
    if (item.stock_reserved === 1 && (await orders.markStockReturned(tx, item.id))) await catalogueRepo.returnStock(tx, item.sku_id, item.quantity);
  }
}

const userActor = (userId: number) => `user:${userId}`;

export async function cancelOrder(db: Database, userId: number, orderNo: string, now: number) {
  await db.transaction().execute(async (tx) => {
    const order = await requireOwnOrder(tx, userId, orderNo);
    await applyOrderEvent(tx, order, 'cancel', { actor: userActor(userId), changes: { expires_at: null } }, now);
    await releaseStock(tx, order.id);
  });
}

export async function confirmReceipt(db: Database, userId: number, orderNo: string, now: number) {
  await db.transaction().execute(async (tx) => {
    const order = await requireOwnOrder(tx, userId, orderNo);
    await applyOrderEvent(tx, order, 'confirm', { actor: userActor(userId), changes: { received_at: now } }, now);
  });
}

/** A new delivery address, while the order has not shipped and the shop allows it. */
export async function modifyAddress(db: Database, userId: number, orderNo: string, addressId: number, now: number) {
  await db.transaction().execute(async (tx) => {
    const order = await requireOwnOrder(tx, userId, orderNo);
    const allowed = order.physical === 1 && order.address_modifiable === 1 && (order.status === OrderStatus.unpaid || order.status === OrderStatus.paid);
    if (!allowed) throw new AppError(serverErrors.orderStatusConflict, 'orderNo');
    const address = toOrderAddress(await requireAddress(tx, userId, addressId));
    await recordOrderChange(tx, order, 'modify_address', { actor: userActor(userId), changes: { address: JSON.stringify(address) } }, now);
  });
}

export async function requestRefund(db: Database, userId: number, input: { orderNo: string; reason: string; note: string }, now: number) {
  await db.transaction().execute(async (tx) => {
    const order = await requireOwnOrder(tx, userId, input.orderNo);
    const refundId = `RF${order.order_no.slice(2)}`;
    await applyOrderEvent(tx, order, 'request_refund', { actor: userActor(userId), reason: input.reason, changes: { refund_id: refundId, refund_reason: input.reason, refund_note: input.note } }, now);
  });
}

export async function deleteOrder(db: Database, userId: number, orderNo: string, now: number) {
  await db.transaction().execute(async (tx) => {
    const order = await requireOwnOrder(tx, userId, orderNo);
    await applyOrderEvent(tx, order, 'delete', { actor: userActor(userId) }, now);
  });
  return { ok: true as const };
}

/**
 * Marks an order paid inside the payment's transaction. Pool eSIMs are assigned right here, in
 * the same transaction (DESIGN §4); an order made only of them is delivered at once. Anything
 * else is queued for fulfilment.
 */
export async function markOrderPaid(tx: Executor, order: OrderRow, payment: { id: string; method: string; actor: string }, now: number) {
  await applyOrderEvent(tx, order, 'pay', { actor: payment.actor, changes: { pay_method: payment.method, payment_trans_id: payment.id, paid_at: now, expires_at: null } }, now);
  const { delivered } = await deliverDigital(tx, { ...order, status: OrderStatus.paid }, now);
  if (!delivered) await enqueue(tx, 'order.fulfil', { orderId: order.id }, now);
}

/**
 * Issues what the payment transaction can (pool eSIMs, ECodes, top-up credits) and counts what
 * is still owed; when every item is delivered online and nothing is owed, the order is
 * delivered. Returns whether it was, and how many units are still missing.
 */
async function deliverDigital(tx: Executor, order: OrderRow, now: number): Promise<{ delivered: boolean; missing: number }> {
  const items = await orders.itemsOf(tx, [order.id]);
  const missing =
    (await assignPoolProfiles(tx, order, items, now)) +
    (await unissuedOnDemand(tx, items)) +
    (await unrechargedUnits(tx, items)) +
    (await issueOrderEcodes(tx, order, items, now)) +
    (await creditOrderTopups(tx, order, items, now));
  if (missing > 0 || items.length === 0 || !items.every((i) => isDeliveredOnline(i.kind))) return { delivered: false, missing };
  await applyOrderEvent(tx, order, 'deliver', { actor: 'system', changes: { carrier: 'online', address_modifiable: 0 } }, now);
  return { delivered: true, missing: 0 };
}

/**
 * After payment: service orders wait for the shop to verify them; physical orders wait for
 * shipping; eSIMs come from their SKU's pool or the SM-DP+; recharges go to the carrier.
 * ECodes are issued in the payment transaction itself (modules/ecode).
 */
export async function fulfilOrder(db: Database, providers: Pick<Providers, 'smdp' | 'carrier'>, orderId: number, now: number) {
  const order = await orders.findById(db, orderId);
  if (!order || order.status !== OrderStatus.paid) return;
  // Provider calls first, outside any transaction; each unit they deliver is recorded on its own.
  const items = await orders.itemsOf(db, [order.id]);
  await issueOnDemandProfiles(db, providers.smdp, order, items, now);
  await fulfilRecharges(db, providers.carrier, order, items, now);
  const short = await db.transaction().execute(async (tx) => {
    const fresh = await orders.findById(tx, orderId);
    if (!fresh || fresh.status !== OrderStatus.paid) return 0;
    const items = await orders.itemsOf(tx, [fresh.id]);
    if (items.length > 0 && items.every((i) => i.kind === 'service')) {
      await applyOrderEvent(tx, fresh, 'verify', { actor: 'system' }, now);
      return 0;
    }
    return (await deliverDigital(tx, fresh, now)).missing;
  });
  // A pool ran dry or a provider failed: the outbox tries again later. Failed recharges stay
  // failed (the order waits for a refund) and are not retried.
  if (short > 0) throw new Error(`order ${orderId} still waits for ${short} unit(s) to be delivered`);
}

/** Unpaid orders past their 30 minutes become invalid and give their stock back. */
export async function expireUnpaidOrders(db: Database, now: number): Promise<number> {
  const due = await orders.findDue(db, OrderStatus.unpaid, 'expires_at', now, 100);
  for (const row of due) {
    await db.transaction().execute(async (tx) => {
      const order = await orders.findById(tx, row.id);
      if (!order || order.status !== OrderStatus.unpaid) return;
      await applyOrderEvent(tx, order, 'expire', { actor: 'system', changes: { expires_at: null } }, now);
      await releaseStock(tx, order.id);
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
        await applyOrderEvent(tx, order, event, { actor: 'system', changes: event === 'confirm' ? { received_at: now } : {} }, now);
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
