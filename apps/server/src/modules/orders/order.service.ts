// An order after checkout: the customer's own moves (cancel, confirm, address, refund, delete),
// payment (marking paid, the method's fee) and fulfilment. Pricing, checkout, the customer's
// views and the timed sweeps live in the order-*.service.ts files next to this one.
import { isDeliveredOnline, orderTotal, OrderStatus, serverErrors, type PayMethod } from '@simshop/contract';
import type { Selectable } from 'kysely';
import type { Database, Executor } from '../../db/database.ts';
import type { OrderItemsTable } from './orders.table.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { Topic } from '../../jobs/topics.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Providers } from '../../providers/index.ts';
import { requireAddress, toOrderAddress } from '../addresses/address.service.ts';
import { returnStock } from '../catalogue/catalogue.service.ts';
import { kindHandler, kindsIn } from '../product-kinds/registry.ts';
import { OrderActor } from './order-actor.ts';
import { applyOrderEvent, applyOrderEvents, applyOrderEventsWith, recordOrderChange, type OrderRow } from './order-state.ts';
import type { AnyWithMove, RowsOf } from './write-with-move.ts';
import * as orders from './order.repository.ts';
import { inLockOrder } from './sku-totals.ts';
import { requireOwnOrder } from './order-views.service.ts';
import { notify } from '../notifications/notification.service.ts';

type ItemRow = Selectable<OrderItemsTable>;

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
  payment: { id: string; method: PayMethod; actor: OrderActor },
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
  await notify(tx, { kind: 'payment_received', userId: order.user_id, orderNo: order.order_no }, now);
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
  // Every eSIM of the order is issued: the customer gets the QR codes (once, however often this runs).
  if (missing === 0 && items.some((i) => i.kind === 'esim')) await notify(tx, { kind: 'esim_ready', userId: order.user_id, orderNo: order.order_no }, now);
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
