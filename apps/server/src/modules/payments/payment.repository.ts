import type { PayMethod } from '@simshop/contract';
import type { Insertable, QueryCreator } from 'kysely';
import { onPostgres, type Executor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { DB } from '../../db/schema.ts';
import type { PaymentsTable } from './payments.table.ts';
import type { MovePart } from '../orders/write-with-move.ts';
import type { AutoRefundReason } from '../../jobs/topics.ts';

// Every payment makes these: built once (db/prepared-query.ts).
const newPayment = preparedQuery((db, v: { row: Insertable<PaymentsTable> }) => db.insertInto('payments').values(v.row));
const paymentById = preparedQuery((db, v: { id: string }) => db.selectFrom('payments').selectAll().where('id', '=', v.id));
const pendingCancelled = preparedQuery((db, v: { orderIds: readonly number[]; now: number }) =>
  db.updateTable('payments').set({ status: 'cancelled', updated_at: v.now }).where('order_id', 'in', v.orderIds).where('status', '=', 'pending').returning(['id', 'method']),
);

export async function insertPayment(db: Executor, row: Insertable<PaymentsTable>) {
  await newPayment.result(db, { row });
}

export function findPayment(db: Executor, id: string) {
  return paymentById.takeFirst(db, { id });
}

/** The payment that paid an order: its own, or the one of its checkout. */
export function succeededPaymentOf(db: Executor, orderId: number, checkoutId: number | null = null) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where((eb) => (checkoutId === null ? eb('order_id', '=', orderId) : eb.or([eb('order_id', '=', orderId), eb('checkout_id', '=', checkoutId)])))
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
}

/** Settles a pending payment once; false when it was already settled. */
export async function settlePayment(db: Executor, id: string, status: 'succeeded' | 'failed', providerRef: string | null, now: number): Promise<boolean> {
  const res = await db
    .updateTable('payments')
    .set({ status, updated_at: now, ...(providerRef ? { provider_ref: providerRef } : {}) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setProviderRef(db: Executor, id: string, providerRef: string, now: number) {
  await db.updateTable('payments').set({ provider_ref: providerRef, updated_at: now }).where('id', '=', id).execute();
}

/** Pending payments of an order that another method replaces; returns the ones cancelled. */
function cancelPending(db: Executor, orderIds: readonly number[], now: number) {
  return pendingCancelled.execute(db, { orderIds, now });
}

/**
 * PostgreSQL: the new payment and the cancelling of the orders' pending ones in one statement
 * (one round trip instead of two). Both parts see the statement's snapshot, so the new
 * payment is never among the ones cancelled, as when the update runs first.
 */
const newPaymentReplacingPending = preparedQuery((db, v: { orderIds: readonly number[]; row: Insertable<PaymentsTable>; now: number }) =>
  db
    .with('cancelled', (q) => q.updateTable('payments').set({ status: 'cancelled', updated_at: v.now }).where('order_id', 'in', v.orderIds).where('status', '=', 'pending').returning(['id', 'method']))
    .with('added', (q) => q.insertInto('payments').values(v.row))
    .selectFrom('cancelled')
    .select(['cancelled.id', 'cancelled.method']),
);

type ReplacingPending = { paidOrderIds: readonly number[]; payment: Insertable<PaymentsTable>; paymentAt: number };

/**
 * A payment that pays at once (from the balance), written with the move of the first order it
 * pays (on PostgreSQL the payment, the cancelling of the orders' pending ones and the
 * move are one statement). The cancelled payments come back, as from insertReplacingPending.
 */
export const paymentWithMove: MovePart<ReplacingPending, { id: string; method: PayMethod }> = {
  name: 'payment',
  build: (q, v) =>
    // The CTEs are named in raw SQL only (`returned`): the builder need not know their types.
    q
      .with('cancelled', (q) => q.updateTable('payments').set({ status: 'cancelled', updated_at: v.paymentAt }).where('order_id', 'in', v.paidOrderIds).where('status', '=', 'pending').returning(['id', 'method']))
      .with('added', (q) => q.insertInto('payments').values(v.payment)) as unknown as QueryCreator<DB>,
  returned: 'cancelled',
  separately: (db, v) => insertReplacingPending(db, v.paidOrderIds, v.payment, v.paymentAt),
};

/** A new payment of these orders; their pending payments it replaces are cancelled and returned. */
export async function insertReplacingPending(db: Executor, orderIds: readonly number[], row: Insertable<PaymentsTable>, now: number) {
  if (onPostgres(db)) return newPaymentReplacingPending.execute(db, { orderIds, row, now });
  const cancelled = await cancelPending(db, orderIds, now);
  await insertPayment(db, row);
  return cancelled;
}

/** Records that the provider's hosted session can no longer be paid (once). */
export async function markSessionClosed(db: Executor, id: string, now: number) {
  await db.updateTable('payments').set({ session_closed_at: now }).where('id', '=', id).where('session_closed_at', 'is', null).execute();
}

/**
 * Marks a payment's money as given back without staff; false when it already was, so a
 * second notification for the same money never refunds twice. `providerRef` is what the
 * provider refunds against (Stripe's payment intent).
 */
export async function markAutoRefund(
  db: Executor,
  row: { id: string; amount: number; reason: AutoRefundReason; providerRef: string | null; now: number },
): Promise<boolean> {
  const res = await db
    .updateTable('payments')
    .set({ auto_refund_amount: row.amount, auto_refund_reason: row.reason, auto_refund_at: row.now, updated_at: row.now, ...(row.providerRef ? { provider_ref: row.providerRef } : {}) })
    .where('id', '=', row.id)
    .where('auto_refund_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Records a provider event; false when it was seen before (a replay or duplicate delivery). */
export async function recordEvent(db: Executor, row: { provider: string; eventId: string; paymentId: string | null; outcome: string; now: number }): Promise<boolean> {
  const res = await db
    .insertInto('payment_events')
    .values({ provider: row.provider, event_id: row.eventId, payment_id: row.paymentId, outcome: row.outcome, created_at: row.now })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Every payment attempt of an order, oldest first (the console's order page). */
export function paymentsOfOrder(db: Executor, orderId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where((eb) => eb.or([eb('order_id', '=', orderId), eb('checkout_id', '=', eb.selectFrom('orders').select('checkout_id').where('id', '=', orderId))]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Payments by method and status. */
export async function countByMethodAndStatus(db: Executor): Promise<Array<{ method: PayMethod; status: PaymentsTable['status']; count: number }>> {
  const rows = await db.selectFrom('payments').select(['method', 'status', (eb) => eb.fn.countAll<number | string>().as('count')]).groupBy(['method', 'status']).execute();
  return rows.map((r) => ({ method: r.method, status: r.status, count: Number(r.count) }));
}
