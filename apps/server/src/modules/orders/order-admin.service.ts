import {
  ADMIN_SERVICE_EVENTS,
  adminOrderActions,
  adminServiceEvents,
  adminServiceEventSchema,
  carrierSchema,
  isTrackingNo,
  serverErrors,
  type AdminOrderAction,
  type OrderAddress,
} from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { changedFields, recordAudit, RULE_ACTOR_LABEL, type Actor } from '../audit/audit.service.ts';
import { kindsIn } from '../product-kinds/registry.ts';
import { postShopNotice } from '../messages/message.service.ts';
import { adminPickupStoreView, pickupReadyNotice } from '../stores/store.service.ts';
import * as adminRepo from './order-admin.repository.ts';
import { OrderActor } from './order-actor.ts';
import { applyOrderEvent, recordOrderChange, type OrderRow } from './order-state.ts';
import * as orders from './order.repository.ts';
import { releaseStock } from './order.service.ts';
import { requireOrder } from './order-admin-views.service.ts';
import { notify } from '../notifications/notification.service.ts';

/**
 * What staff do to orders, from the console or the command line. Every change goes through
 * the same state machine as the customer's, is refused when the order's state does not allow
 * it (the same rule the console uses to show its buttons), and appends an audit row with the
 * order's fields before and after, in the same transaction.
 */

async function factsOf(db: Executor, order: OrderRow) {
  const items = await orders.itemsOf(db, [order.id]);
  return { status: order.status, physical: order.physical === 1, pickup: order.pickup_store_id !== null, kinds: [...new Set(items.map((i) => i.kind))] };
}

/** Refuses an action the order's state does not allow, before anything is written. */
export async function requireAction(db: Executor, order: OrderRow, action: AdminOrderAction) {
  const facts = await factsOf(db, order);
  if (!adminOrderActions(facts).includes(action)) throw new AppError(serverErrors.orderStatusConflict, 'orderNo', { status: order.status, action });
  return facts;
}

/** The order's history names the staff member (`admin:<email>` or `admin:cli:<user>`), or the shop's rule; customers see "admin" or "system". */
export const eventActor = (actor: Actor) => (actor.staffId === null && actor.label === RULE_ACTOR_LABEL ? OrderActor.rule : OrderActor.admin(actor.label));

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
export async function changeOrder(db: Database, actor: Actor, action: string, orderNo: string, now: number, change: (tx: Executor, order: OrderRow) => Promise<Record<string, unknown> | void>) {
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
    await notify(tx, { kind: 'shipped', userId: order.user_id, orderNo: order.order_no }, now);
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
    await notify(tx, { kind: 'pickup_ready', userId: order.user_id, orderNo: order.order_no }, now);
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

/**
 * The order's side of an approved refund of `amount` (the whole total when left out); the refund
 * itself is the payments module's (payments/refund.service.ts), which gives the money back in
 * `payMoneyBack`, in the same transaction, between the order's event and the kinds' undoing.
 */
export async function refundOrderSide(tx: Executor, actor: Actor, order: OrderRow, amount: number | undefined, now: number, payMoneyBack: (refund: number) => Promise<void>) {
  const refund = amount ?? order.total;
  if (!Number.isInteger(refund) || refund <= 0 || refund > order.total) throw new AppError(serverErrors.refundAmountInvalid, 'amount', { max: order.total });
  const kinds = kindsIn(await orders.itemsOf(tx, [order.id]));
  const undo = { amount: refund, full: refund === order.total };
  for (const { handler } of kinds) await handler.checkRefund?.(tx, order, undo);
  const before = await orders.statusBefore(tx, order.id, order.status);
  await applyOrderEvent(tx, order, refund === order.total ? 'approve_refund' : 'approve_partial_refund', { actor: eventActor(actor), changes: { refund_amount: refund } }, now);
  await notify(tx, { kind: 'refund_approved', userId: order.user_id, orderNo: order.order_no, amount: refund }, now);
  await payMoneyBack(refund);
  // Each kind takes back what it delivered: a top-up leaves the balance it filled (refused when
  // already spent), eSIMs not installed are discarded, codes nobody used become invalid.
  for (const { handler } of kinds) await handler.undoOnRefund?.(tx, order, undo, now);
  // Nothing left the warehouse: the stock goes back on the shelf.
  if (before === 'paid') await releaseStock(tx, order.id);
}

/** Moves a service order (unlock, inquiry) along its steps. */
export async function advanceServiceOrder(db: Database, actor: Actor, orderNo: string, step: string, now: number) {
  const parsed = adminServiceEventSchema.safeParse(step);
  if (!parsed.success) throw new AppError(serverErrors.actionInvalid, 'event', { allowed: ADMIN_SERVICE_EVENTS });
  const event = parsed.data;
  await changeOrder(db, actor, 'order.service_step', orderNo, now, async (tx, order) => {
    const facts = await requireAction(tx, order, 'service_step');
    if (!adminServiceEvents(facts).includes(event)) throw new AppError(serverErrors.orderStatusConflict, 'event', { status: order.status, event });
    await applyOrderEvent(tx, order, event, { actor: eventActor(actor) }, now);
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
