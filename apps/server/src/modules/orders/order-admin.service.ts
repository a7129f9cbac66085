import { carrierSchema, serverErrors, type OrderEvent } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { refundOrderPayment } from '../payments/payment.service.ts';
import { discardRefundedEsims } from '../esim/esim.service.ts';
import { reverseRefundedTopups } from '../balance/balance-topup.service.ts';
import { invalidateRefundedEcodes, refuseFullRefundOfUsedEcodes } from '../ecode/ecode.service.ts';
import { applyOrderEvent } from './order-state.ts';
import * as orders from './order.repository.ts';
import { releaseStock } from './order.service.ts';

/**
 * What the shop owner does to orders (the admin command line until the operator console
 * exists). Every change goes through the same state machine as the customer's.
 */
async function requireOrder(db: Executor, orderNo: string) {
  const order = await orders.findByNo(db, orderNo);
  if (!order) throw new AppError(serverErrors.orderNotFound, 'orderNo');
  return order;
}

export async function shipOrder(db: Database, input: { orderNo: string; carrier: string; trackingNo: string; partial?: boolean }, now: number) {
  const carrier = carrierSchema.safeParse(input.carrier);
  if (!carrier.success) throw new AppError(serverErrors.carrierNotSupported, 'carrier');
  if (carrier.data !== 'online' && !/^[A-Za-z0-9-]{4,40}$/.test(input.trackingNo)) throw new AppError(serverErrors.paramInvalid, 'trackingNo');
  await db.transaction().execute(async (tx) => {
    const order = await requireOrder(tx, input.orderNo);
    await applyOrderEvent(tx, order, input.partial ? 'ship_partial' : 'ship', {
      actor: 'admin',
      changes: { carrier: carrier.data, tracking_no: input.trackingNo, shipped_at: now, address_modifiable: 0 },
    }, now);
  });
}

/** Marks a digital order delivered (codes handed over outside an automatic fulfilment). */
export async function deliverOrder(db: Database, orderNo: string, now: number) {
  await db.transaction().execute(async (tx) => {
    const order = await requireOrder(tx, orderNo);
    await applyOrderEvent(tx, order, 'deliver', { actor: 'admin', changes: { carrier: 'online', address_modifiable: 0 } }, now);
  });
}

/** Approves a requested refund, in full or in part; the money goes back in the same transaction (or is queued for the provider). */
export async function approveRefund(db: Database, orderNo: string, amount: number | undefined, now: number) {
  await db.transaction().execute(async (tx) => {
    const order = await requireOrder(tx, orderNo);
    const refund = amount ?? order.total;
    if (!Number.isInteger(refund) || refund <= 0 || refund > order.total) throw new AppError(serverErrors.paramInvalid, 'amount', { max: order.total });
    if (refund === order.total) await refuseFullRefundOfUsedEcodes(tx, order.id);
    const before = await orders.statusBefore(tx, order.id, order.status);
    await applyOrderEvent(tx, order, refund === order.total ? 'approve_refund' : 'approve_partial_refund', { actor: 'admin', changes: { refund_amount: refund } }, now);
    await refundOrderPayment(tx, order, refund, now);
    // A refunded top-up leaves the balance it filled (refused when already spent).
    await reverseRefundedTopups(tx, order, refund, now);
    if (refund === order.total) await discardRefundedEsims(tx, order.id, now);
    // Codes nobody used go with any refund: a partial one is how the unused part of a used order is paid back.
    await invalidateRefundedEcodes(tx, order.id, now);
    // Nothing left the warehouse: the stock goes back on the shelf.
    if (before === 'paid') await releaseStock(tx, order.id);
  });
}

export async function rejectRefund(db: Database, orderNo: string, reason: string, now: number) {
  await db.transaction().execute(async (tx) => {
    const order = await requireOrder(tx, orderNo);
    await applyOrderEvent(tx, order, 'reject_refund', { actor: 'admin', reason }, now);
  });
}

const SERVICE_EVENTS: readonly OrderEvent[] = ['verify', 'start_inquiry', 'finish_inquiry', 'fail_inquiry', 'start_progress', 'unlock', 'fail_unlock', 'complete'];

/** Moves a service order (unlock, inquiry) along its steps. */
export async function advanceServiceOrder(db: Database, orderNo: string, event: string, now: number) {
  if (!SERVICE_EVENTS.includes(event as OrderEvent)) throw new AppError(serverErrors.actionInvalid, 'event', { allowed: SERVICE_EVENTS });
  await db.transaction().execute(async (tx) => {
    const order = await requireOrder(tx, orderNo);
    await applyOrderEvent(tx, order, event as OrderEvent, { actor: 'admin' }, now);
  });
}
