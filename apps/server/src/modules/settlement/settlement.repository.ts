import type { Currency } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';

/** Orders paid in [from, to): one row each, for commission rounded per order. */
export function paidOrders(db: Executor, merchantIds: readonly number[], from: number, to: number) {
  if (merchantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .select(['id', 'merchant_id', 'currency', 'total'])
    .where('merchant_id', 'in', merchantIds)
    .where('paid_at', 'is not', null)
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .orderBy('id')
    .execute();
}

/**
 * Refunds approved in [from, to), by the time of the approval event (an order is refunded once:
 * the approval moves it to refunded or partially refunded for good).
 */
export function approvedRefunds(db: Executor, merchantIds: readonly number[], from: number, to: number) {
  if (merchantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select(['orders.id', 'orders.merchant_id', 'orders.currency', 'orders.refund_amount'])
    .where('order_events.event', 'in', ['approve_refund', 'approve_partial_refund'])
    .where('order_events.created_at', '>=', from)
    .where('order_events.created_at', '<', to)
    .where('orders.merchant_id', 'in', merchantIds)
    .orderBy('orders.id')
    .execute();
}

/** Settlements of these merchants that overlap [from, to). */
export function overlapping(db: Executor, merchantIds: readonly number[], from: number, to: number) {
  if (merchantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('settlements')
    .leftJoin('staff', 'staff.id', 'settlements.settled_by')
    .select(['settlements.id', 'settlements.merchant_id', 'settlements.period_from', 'settlements.period_to', 'settlements.commission_bps', 'settlements.created_at', 'staff.email'])
    .where('settlements.merchant_id', 'in', merchantIds)
    .where('settlements.period_from', '<', to)
    .where('settlements.period_to', '>', from)
    .execute();
}

export function linesOf(db: Executor, settlementIds: readonly number[]) {
  if (settlementIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('settlement_lines').selectAll().where('settlement_id', 'in', settlementIds).orderBy('currency').execute();
}

/** Inserts a settlement; null when one for the same merchant and start exists (a concurrent settle won). */
export async function insertSettlement(db: Executor, row: { merchantId: number; from: number; to: number; commissionBps: number; staffId: number | null; now: number }): Promise<number | null> {
  const res = await db
    .insertInto('settlements')
    .values({ merchant_id: row.merchantId, period_from: row.from, period_to: row.to, commission_bps: row.commissionBps, settled_by: row.staffId, created_at: row.now })
    .onConflict((oc) => oc.columns(['merchant_id', 'period_from']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return res?.id ?? null;
}

export async function insertLines(db: Executor, settlementId: number, lines: ReadonlyArray<{ currency: Currency; orders: number; gross: number; refunds: number; commission: number; payable: number }>) {
  if (lines.length) await db.insertInto('settlement_lines').values(lines.map((l) => ({ settlement_id: settlementId, ...l }))).execute();
}
