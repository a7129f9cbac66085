import { OrderStatus, serverErrors, type Fulfilment } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { delayedFulfilmentJobs, fulfilmentJobs, runFulfilmentNow } from '../../jobs/fulfilment.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { OrderRow } from './order-state.ts';
import * as orders from './order.repository.ts';

/**
 * Issuing a paid order runs as a background job that never gives up; the owner sees the tries
 * and the last error and can run it now or refund (the customer's view: order-views.service.ts).
 */

async function requireOrder(db: Executor, orderNo: string): Promise<OrderRow> {
  const order = await orders.findByNo(db, orderNo);
  if (!order) throw new AppError(serverErrors.orderNotFound, 'orderNo');
  return order;
}

async function statusOf(db: Executor, order: OrderRow, now: number): Promise<Fulfilment> {
  const job = order.status === OrderStatus.paid ? (await fulfilmentJobs(db, [order.id], now)).get(order.id) : undefined;
  if (!job) return { orderNo: order.order_no, state: null, jobId: null, attempts: 0, lastError: null, nextTryAt: null, running: false };
  return { orderNo: order.order_no, state: job.state, jobId: job.jobId, attempts: job.attempts, lastError: job.lastError, nextTryAt: job.nextTryAt, running: job.running };
}

export async function fulfilmentStatus(db: Executor, orderNo: string, now: number): Promise<Fulfilment> {
  return statusOf(db, await requireOrder(db, orderNo), now);
}

/** Staff: try a paid order's issuing now (audited). Only a paid order has anything to issue. */
export async function fulfilNow(db: Database, actor: Actor, orderNo: string, now: number): Promise<Fulfilment> {
  return db.transaction().execute(async (tx) => {
    const order = await requireOrder(tx, orderNo);
    if (order.status !== OrderStatus.paid) throw new AppError(serverErrors.fulfilmentNotWaiting, 'orderNo');
    const before = await statusOf(tx, order, now);
    const result = await runFulfilmentNow(tx, order.id, now);
    if (result === 'running') throw new AppError(serverErrors.fulfilmentRunning, 'orderNo');
    const after = await statusOf(tx, order, now);
    await recordAudit(tx, actor, { action: 'order.fulfil_now', targetType: 'order', targetId: order.order_no, before: { state: before.state, attempts: before.attempts, lastError: before.lastError, nextTryAt: before.nextTryAt }, after: { state: after.state, jobId: after.jobId, nextTryAt: now } }, now);
    return after;
  });
}

/** Refuses unless the order is paid and its issuing still waits (staff may then refund it: payments/refund.service.ts). */
export async function requireIssuingWaits(tx: Executor, order: OrderRow, now: number): Promise<void> {
  if (order.status !== OrderStatus.paid || !(await fulfilmentJobs(tx, [order.id], now)).has(order.id)) throw new AppError(serverErrors.fulfilmentNotWaiting, 'orderNo');
}

/** The dashboard's "issuing delayed" card: paid orders whose issuing kept failing, oldest first. */
export async function delayedOrders(db: Executor, limit: number, now: number) {
  const { jobs, total } = await delayedFulfilmentJobs(db, limit, now);
  const rows = await Promise.all(jobs.map(async (job) => ({ job, order: await orders.findById(db, job.orderId) })));
  const items = rows
      .filter((r) => r.order?.status === OrderStatus.paid)
      .map(({ job, order }) => ({ orderNo: order!.order_no, paidAt: order!.paid_at, currency: order!.currency, total: order!.total, attempts: job.attempts, lastError: job.lastError, nextTryAt: job.nextTryAt }));
  // A refunded order's job ends at its next run; it is no longer delayed.
  return { items, total: total - (jobs.length - items.length) };
}
