import {
  ADMIN_ORDER_EXPORT_MAX,
  ADMIN_SERVICE_EVENTS,
  TO_SHIP_STATUSES,
  adminOrderActions,
  adminServiceEvents,
  canApply,
  carrierLabelKey,
  carrierSchema,
  carrierTrackingUrl,
  enumTexts,
  isTrackingNo,
  OrderStatus,
  orderStatusLabelKey,
  serverErrors,
  type AdminOrderAction,
  type AdminOrderDetail,
  type AdminOrderRow,
  type Carrier,
  type ItemInput,
  type OrderAddress,
  type OrderEvent,
  type OrderStatus as Status,
  type ProductKind,
} from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson, type Bilingual } from '../../lib/i18n.ts';
import { toCsv } from '../../lib/spreadsheet.ts';
import { changedFields, listAuditEntries, recordAudit, type Actor } from '../audit/audit.service.ts';
import { adminOrderCoupon } from '../coupons/coupon.service.ts';
import { listOrderPayments, refundOrderPayment } from '../payments/payment.service.ts';
import { kindsIn } from '../product-kinds/registry.ts';
import { postShopNotice } from '../messages/message.service.ts';
import { adminMerchantNamer } from '../merchants/merchant.service.ts';
import { adminPickupStoreView, pickupReadyNotice } from '../stores/store.service.ts';
import * as adminRepo from './order-admin.repository.ts';
import { OrderActor } from './order-actor.ts';
import { applyOrderEvent, recordOrderChange, type OrderRow } from './order-state.ts';
import * as orders from './order.repository.ts';
import { releaseStock } from './order.service.ts';

/**
 * What staff do to orders, from the console or the command line. Every change goes through
 * the same state machine as the customer's, is refused when the order's state does not allow
 * it (the same rule the console uses to show its buttons), and appends an audit row with the
 * order's fields before and after, in the same transaction.
 */

async function requireOrder(db: Executor, orderNo: string): Promise<OrderRow> {
  const order = await orders.findByNo(db, orderNo);
  if (!order) throw new AppError(serverErrors.orderNotFound, 'orderNo');
  return order;
}

async function factsOf(db: Executor, order: OrderRow) {
  const items = await orders.itemsOf(db, [order.id]);
  return { status: order.status as Status, physical: order.physical === 1, pickup: order.pickup_store_id !== null, kinds: [...new Set(items.map((i) => i.kind as ProductKind))] };
}

/** Refuses an action the order's state does not allow, before anything is written. */
async function requireAction(db: Executor, order: OrderRow, action: AdminOrderAction) {
  const facts = await factsOf(db, order);
  if (!adminOrderActions(facts).includes(action)) throw new AppError(serverErrors.orderStatusConflict, 'orderNo', { status: order.status, action });
  return facts;
}

/** The order's history names the staff member (`admin:<email>` or `admin:cli:<user>`); customers see "admin". */
const eventActor = (actor: Actor) => OrderActor.admin(actor.label);

/** The fields of an order an audit row compares. */
function auditView(o: OrderRow): Record<string, unknown> {
  return {
    status: o.status,
    carrier: o.carrier,
    trackingNo: o.tracking_no,
    refundAmount: o.refund_amount,
    address: o.address ? (JSON.parse(o.address) as unknown) : null,
  };
}

/**
 * Runs a change to one order in a transaction and audits it: the order's fields before and
 * after (only those that changed), plus what the change itself says (a reason, a note).
 */
async function changeOrder(db: Database, actor: Actor, action: string, orderNo: string, now: number, change: (tx: Executor, order: OrderRow) => Promise<Record<string, unknown> | void>) {
  await db.transaction().execute(async (tx) => {
    const before = await requireOrder(tx, orderNo);
    const extra = (await change(tx, before)) ?? {};
    const after = await requireOrder(tx, orderNo);
    const diff = changedFields(auditView(before), auditView(after));
    await recordAudit(tx, actor, { action, targetType: 'order', targetId: orderNo, before: diff.before, after: { ...diff.after, ...extra } }, now);
  });
}

/** Ships a paid physical order (or a first part of it) with a carrier and tracking number. */
export async function shipOrder(db: Database, actor: Actor, input: { orderNo: string; carrier: string; trackingNo: string; partial?: boolean | undefined }, now: number) {
  const carrier = carrierSchema.safeParse(input.carrier);
  if (!carrier.success) throw new AppError(serverErrors.carrierNotSupported, 'carrier');
  const trackingNo = input.trackingNo.trim();
  if (!isTrackingNo(carrier.data, trackingNo)) throw new AppError(serverErrors.trackingNoInvalid, 'trackingNo');
  await changeOrder(db, actor, 'order.ship', input.orderNo, now, async (tx, order) => {
    await requireAction(tx, order, 'ship');
    await applyOrderEvent(tx, order, input.partial ? 'ship_partial' : 'ship', {
      actor: eventActor(actor),
      changes: { carrier: carrier.data, tracking_no: trackingNo, shipped_at: now, address_modifiable: 0 },
    }, now);
    return input.partial ? { partial: true } : {};
  });
}

/** Marks a paid digital order delivered (codes handed over outside an automatic fulfilment). */
export async function deliverOrder(db: Database, actor: Actor, orderNo: string, now: number) {
  await changeOrder(db, actor, 'order.deliver', orderNo, now, async (tx, order) => {
    await requireAction(tx, order, 'deliver');
    await applyOrderEvent(tx, order, 'deliver', { actor: eventActor(actor), changes: { carrier: 'online', address_modifiable: 0 } }, now);
  });
}

/**
 * Store pickup: the order is put out at its store and the customer is told in their
 * conversation with the shop, in the same transaction; later it is handed over.
 */
export async function markPickupReady(db: Database, actor: Actor, orderNo: string, now: number) {
  await changeOrder(db, actor, 'order.pickup_ready', orderNo, now, async (tx, order) => {
    if (order.pickup_store_id === null) throw new AppError(serverErrors.pickupNotPickup, 'orderNo');
    await requireAction(tx, order, 'pickup_ready');
    await applyOrderEvent(tx, order, 'ready_for_pickup', { actor: eventActor(actor), changes: { address_modifiable: 0 } }, now);
    const store = await adminPickupStoreView(tx, order.pickup_store_id);
    await postShopNotice(tx, order.user_id, pickupReadyNotice(order.order_no, store), now);
    return { pickupStoreId: order.pickup_store_id };
  });
}

export async function markPickedUp(db: Database, actor: Actor, orderNo: string, now: number) {
  await changeOrder(db, actor, 'order.pickup_done', orderNo, now, async (tx, order) => {
    if (order.pickup_store_id === null) throw new AppError(serverErrors.pickupNotPickup, 'orderNo');
    await requireAction(tx, order, 'pickup_done');
    await applyOrderEvent(tx, order, 'pick_up', { actor: eventActor(actor), changes: { received_at: now } }, now);
  });
}

/** Approves a requested refund, in full or in part; the money goes back in the same transaction (or is queued for the provider). */
export async function approveRefund(db: Database, actor: Actor, orderNo: string, amount: number | undefined, now: number) {
  await changeOrder(db, actor, 'order.refund_approve', orderNo, now, async (tx, order) => {
    await requireAction(tx, order, 'refund_approve');
    await payBack(tx, actor, order, amount, now);
  });
}

/**
 * A paid order the shop could not issue (an eSIM or recharge whose issuing job still waits): the
 * shop refunds it in full without waiting for the customer to ask, in one transaction. The
 * caller checks that issuing waits (modules/orders/order-fulfilment.service.ts).
 */
export async function refundUnissued(db: Database, actor: Actor, orderNo: string, now: number, check: (tx: Executor, order: OrderRow) => Promise<void>) {
  await changeOrder(db, actor, 'order.refund_unissued', orderNo, now, async (tx, order) => {
    await check(tx, order);
    await applyOrderEvent(tx, order, 'request_refund', { actor: eventActor(actor), reason: 'not_received', changes: { refund_id: `RF${order.order_no.slice(2)}`, refund_reason: 'not_received', refund_note: 'not issued' } }, now);
    await payBack(tx, actor, await requireOrder(tx, orderNo), undefined, now);
  });
}

/** Pays back `amount` (the whole total when left out) of an order asked to be refunded. */
async function payBack(tx: Executor, actor: Actor, order: OrderRow, amount: number | undefined, now: number) {
  const refund = amount ?? order.total;
  if (!Number.isInteger(refund) || refund <= 0 || refund > order.total) throw new AppError(serverErrors.refundAmountInvalid, 'amount', { max: order.total });
  const kinds = kindsIn(await orders.itemsOf(tx, [order.id]));
  const undo = { amount: refund, full: refund === order.total };
  for (const { handler } of kinds) await handler.checkRefund?.(tx, order, undo);
  const before = await orders.statusBefore(tx, order.id, order.status);
  await applyOrderEvent(tx, order, refund === order.total ? 'approve_refund' : 'approve_partial_refund', { actor: eventActor(actor), changes: { refund_amount: refund } }, now);
  await refundOrderPayment(tx, order, refund, now);
  // Each kind takes back what it delivered: a top-up leaves the balance it filled (refused when
  // already spent), eSIMs not installed are discarded, codes nobody used become invalid.
  for (const { handler } of kinds) await handler.undoOnRefund?.(tx, order, undo, now);
  // Nothing left the warehouse: the stock goes back on the shelf.
  if (before === 'paid') await releaseStock(tx, order.id);
}

export async function rejectRefund(db: Database, actor: Actor, orderNo: string, reason: string, now: number) {
  await changeOrder(db, actor, 'order.refund_reject', orderNo, now, async (tx, order) => {
    await requireAction(tx, order, 'refund_reject');
    await applyOrderEvent(tx, order, 'reject_refund', { actor: eventActor(actor), reason }, now);
    return { reason };
  });
}

/** Moves a service order (unlock, inquiry) along its steps. */
export async function advanceServiceOrder(db: Database, actor: Actor, orderNo: string, event: string, now: number) {
  if (!(ADMIN_SERVICE_EVENTS as readonly string[]).includes(event)) throw new AppError(serverErrors.actionInvalid, 'event', { allowed: ADMIN_SERVICE_EVENTS });
  await changeOrder(db, actor, 'order.service_step', orderNo, now, async (tx, order) => {
    const facts = await requireAction(tx, order, 'service_step');
    if (!adminServiceEvents(facts).includes(event as never)) throw new AppError(serverErrors.orderStatusConflict, 'event', { status: order.status, event });
    await applyOrderEvent(tx, order, event as OrderEvent, { actor: eventActor(actor) }, now);
    return { event };
  });
}

/** A new delivery address, typed by staff (the customer asked by message or phone), before the order ships. */
export async function modifyOrderAddress(db: Database, actor: Actor, orderNo: string, address: OrderAddress, now: number) {
  await changeOrder(db, actor, 'order.modify_address', orderNo, now, async (tx, order) => {
    await requireAction(tx, order, 'modify_address');
    await recordOrderChange(tx, order, 'modify_address', { actor: eventActor(actor), changes: { address: JSON.stringify(address) } }, now);
  });
}

/** An internal note on an order, for colleagues (the customer never sees it). */
export async function addOrderNote(db: Database, actor: Actor, orderNo: string, text: string, now: number) {
  await changeOrder(db, actor, 'order.note', orderNo, now, async (tx, order) => {
    await adminRepo.insertNote(tx, { orderId: order.id, staffId: actor.staffId, author: actor.label, body: text, now });
    return { note: text };
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

type Customer = { id: number; email: string | null; tel: string | null; nickname: string };
const toCustomer = (c: Customer, reseller: boolean) => ({ id: c.id, email: c.email, tel: c.tel, nickname: c.nickname, reseller });

/** The order's merchant, and its checkout with the orders paid together (merchant staff: their own only). */
async function merchantAndCheckout(db: Executor, o: OrderRow, viewerMerchantId: number | null): Promise<Pick<AdminOrderDetail, 'merchant' | 'checkout'>> {
  const siblings = o.checkout_id === null ? [] : (await orders.ordersOfCheckout(db, o.checkout_id)).filter((r) => viewerMerchantId === null || r.merchant_id === viewerMerchantId);
  const [checkout] = o.checkout_id === null ? [] : await orders.checkoutsByIds(db, [o.checkout_id]);
  const named = await adminMerchantNamer(db);
  return {
    merchant: named(o.merchant_id),
    checkout: checkout ? { checkoutNo: checkout.checkout_no, orders: siblings.map((r) => ({ orderNo: r.order_no, merchant: named(r.merchant_id), status: r.status as Status, total: r.total })) } : null,
  };
}

export async function adminOrderDetail(db: Executor, orderNo: string, viewerMerchantId: number | null = null): Promise<AdminOrderDetail> {
  const o = await requireOrder(db, orderNo);
  const [items, events, notes, customer, payments, audit, coupon] = await Promise.all([
    orders.itemsOf(db, [o.id]),
    orders.eventsOf(db, o.id),
    adminRepo.notesOf(db, o.id),
    adminRepo.customerOf(db, o.user_id),
    listOrderPayments(db, o.id),
    listAuditEntries(db, { targetType: 'order', targetId: o.order_no }, { page: 1, pageSize: 200, sortOrder: 'asc' }),
    adminOrderCoupon(db, o.id),
  ]);
  const facts = { status: o.status as Status, physical: o.physical === 1, pickup: o.pickup_store_id !== null, kinds: [...new Set(items.map((i) => i.kind as ProductKind))] };
  const pickupStore = o.pickup_store_id === null ? null : await adminPickupStoreView(db, o.pickup_store_id);
  return {
    orderNo: o.order_no,
    status: o.status as Status,
    createdAt: o.created_at,
    updatedAt: o.updated_at,
    expiresAt: o.status === OrderStatus.unpaid ? o.expires_at : null,
    currency: o.currency,
    subtotal: o.subtotal,
    freight: o.freight,
    serviceFee: o.service_fee,
    discount: o.discount,
    coupon,
    total: o.total,
    remark: o.remark,
    physical: o.physical === 1,
    customer: toCustomer(customer ?? { id: o.user_id, email: null, tel: null, nickname: '' }, o.reseller === 1),
    items: items.map((i) => ({
      id: i.id,
      kind: i.kind as ProductKind,
      productId: i.product_id,
      skuId: i.sku_id,
      name: { en: i.name_en, zh: i.name_zh },
      options: parseJson<Bilingual[]>(i.options, []),
      unitPrice: i.unit_price,
      quantity: i.quantity,
      amount: i.amount,
      inputs: parseJson<Record<string, string>>(i.inputs, {}),
      requiredInputs: parseJson<ItemInput[]>(i.required_inputs, []),
    })),
    address: o.address ? (JSON.parse(o.address) as OrderAddress) : null,
    payMethod: o.pay_method,
    paymentTransId: o.payment_trans_id,
    paidAt: o.paid_at,
    payments,
    refundId: o.refund_id,
    refundReason: o.refund_reason,
    refundNote: o.refund_note,
    refundAmount: o.refund_amount,
    carrier: (o.carrier as Carrier | null) ?? null,
    trackingNo: o.tracking_no,
    trackingUrl: o.carrier && o.tracking_no ? carrierTrackingUrl(o.carrier, o.tracking_no) : null,
    shippedAt: o.shipped_at,
    receivedAt: o.received_at,
    events: events.map((e) => ({ id: e.id, event: e.event, from: e.from_status, to: e.to_status, actor: e.actor, reason: e.reason, at: e.created_at })),
    notes: notes.map((n) => ({ id: n.id, author: n.author, text: n.body, at: n.created_at })),
    audit: audit.items,
    actions: adminOrderActions(facts),
    partialShipAllowed: facts.physical && canApply('ship_partial', facts.status),
    serviceEvents: adminServiceEvents(facts),
    pickupStore,
    ...(await merchantAndCheckout(db, o, viewerMerchantId)),
  };
}

export interface AdminOrderQuery {
  sortField: 'createdAt' | 'paidAt' | 'total';
  sortOrder: 'asc' | 'desc';
  status?: readonly Status[] | undefined;
  kind?: ProductKind | undefined;
  customer?: string | undefined;
  orderNo?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

const SORT_COLUMNS = { createdAt: 'created_at', paidAt: 'paid_at', total: 'total' } as const;
const sortOf = (q: AdminOrderQuery) => ({ field: SORT_COLUMNS[q.sortField], order: q.sortOrder });
const filterOf = (q: AdminOrderQuery): adminRepo.AdminOrderFilter => ({ status: q.status, kind: q.kind, customer: q.customer, orderNo: q.orderNo, from: q.from, to: q.to });

async function withLines(db: Executor, rows: adminRepo.AdminOrderListRow[]): Promise<AdminOrderRow[]> {
  const lines = await adminRepo.linesOf(db, rows.map((r) => r.id));
  const merchantOf = await adminMerchantNamer(db);
  const byOrder = new Map<number, AdminOrderRow['lines']>();
  for (const l of lines) {
    const list = byOrder.get(l.order_id) ?? [];
    list.push({ kind: l.kind as ProductKind, name: { en: l.name_en, zh: l.name_zh }, quantity: l.quantity });
    byOrder.set(l.order_id, list);
  }
  return rows.map((r) => ({
    orderNo: r.order_no,
    status: r.status as Status,
    createdAt: r.created_at,
    paidAt: r.paid_at,
    currency: r.currency,
    total: r.total,
    refundAmount: r.refund_amount,
    physical: r.physical === 1,
    customer: toCustomer({ id: r.user_id, email: r.email, tel: r.tel, nickname: r.nickname }, r.reseller === 1),
    lines: byOrder.get(r.id) ?? [],
    carrier: (r.carrier as Carrier | null) ?? null,
    trackingNo: r.tracking_no,
    merchant: merchantOf(r.merchant_id),
  }));
}

/** A page of every order, filtered and sorted on the server. */
export async function listAdminOrders(db: Executor, input: AdminOrderQuery & { page: number; pageSize: number }, merchantId?: number) {
  const { rows, total } = await adminRepo.listOrders(db, { ...filterOf(input), merchantId }, sortOf(input), { offset: (input.page - 1) * input.pageSize, limit: input.pageSize });
  return { items: await withLines(db, rows), total };
}

const EXPORT_HEADERS = {
  en: ['Order number', 'Status', 'Placed', 'Paid', 'Customer email', 'Customer phone', 'Reseller', 'Items', 'Currency', 'Subtotal', 'Freight', 'Discount', 'Total', 'Refunded', 'Payment method', 'Carrier', 'Tracking number', 'Shipped'],
  'zh-Hans': ['订单号', '状态', '下单时间', '付款时间', '客户邮箱', '客户手机', '分销商', '商品', '币种', '小计', '运费', '优惠', '合计', '已退款', '支付方式', '物流公司', '运单号', '发货时间'],
} as const;

/** Epoch ms as `2026-11-23 18:05` in a time zone (Swedish writes dates the ISO way). */
function timeIn(timeZone: string) {
  const format = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (ms: number | null) => (ms === null ? '' : format.format(ms));
}

const major = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));

/**
 * The filtered list as CSV, sorted as the list is, at most ADMIN_ORDER_EXPORT_MAX rows (the
 * answer says when there were more). Headers, statuses and carriers in the staff member's language.
 */
export async function exportAdminOrders(db: Executor, input: AdminOrderQuery & { lang: 'en' | 'zh-Hans'; timeZone: string }, now: number, merchantId?: number) {
  const filter = { ...filterOf(input), merchantId };
  const [rows, total] = await Promise.all([adminRepo.exportRows(db, filter, sortOf(input), ADMIN_ORDER_EXPORT_MAX), adminRepo.countOrders(db, filter)]);
  const items = await withLines(db, rows);
  const texts = enumTexts[input.lang];
  const when = timeIn(input.timeZone);
  const yes = input.lang === 'en' ? 'yes' : '是';
  const csv = toCsv({
    columns: EXPORT_HEADERS[input.lang],
    rows: items.map((o, i) => {
      const r = rows[i]!;
      return [
        o.orderNo,
        texts[orderStatusLabelKey(o.status)] ?? o.status,
        when(o.createdAt),
        when(o.paidAt),
        o.customer.email ?? '',
        o.customer.tel ?? '',
        o.customer.reseller ? yes : '',
        o.lines.map((l) => `${input.lang === 'zh-Hans' && l.name.zh ? l.name.zh : l.name.en} × ${l.quantity}`).join('; '),
        o.currency,
        major(r.subtotal),
        major(r.freight),
        major(r.discount),
        major(o.total),
        major(o.refundAmount),
        r.pay_method ?? '',
        o.carrier ? (texts[carrierLabelKey(o.carrier)] ?? o.carrier) : '',
        o.trackingNo ?? '',
        when(r.shipped_at),
      ];
    }),
  });
  const stamp = when(now).replace(/\D/g, '').slice(0, 12);
  return { filename: `orders-${stamp}.csv`, csv, rows: items.length, total, capped: total > items.length };
}

// ---------------------------------------------------------------------------------------------
// The dashboard's numbers

/** Paid-order totals and approved refunds per currency since each start (up to `until`). */
export async function salesSince(db: Executor, starts: readonly number[], until: number) {
  const [paid, refunded] = await Promise.all([adminRepo.paidSince(db, starts, until), adminRepo.refundedSince(db, starts, until)]);
  const currencies = [...new Set([...paid.map((p) => p.currency), ...refunded.map((r) => r.currency)])].sort();
  return currencies.map((currency) => {
    const p = paid.find((x) => x.currency === currency);
    const r = refunded.find((x) => x.currency === currency);
    return { currency, periods: starts.map((_, i) => ({ orders: p?.counts[i] ?? 0, gross: p?.sums[i] ?? 0, refunds: r?.sums[i] ?? 0 })) };
  });
}

/** Orders per status (deleted ones aside), and the two queues staff work through. */
export async function orderQueues(db: Executor) {
  const [byStatus, toShip] = await Promise.all([adminRepo.countByStatus(db), adminRepo.countToShip(db, TO_SHIP_STATUSES)]);
  const shown = byStatus.filter((s) => s.status !== OrderStatus.deleted).map((s) => ({ status: s.status as Status, count: s.count }));
  return { byStatus: shown, toShip, refundRequested: shown.find((s) => s.status === OrderStatus.toBeRefunded)?.count ?? 0 };
}
