import type { Insertable } from 'kysely';
import { BulkItemState, BulkJobState } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import type { ApiBulkItemsTable, ApiBulkJobsTable } from './reseller-api.table.ts';

/** Bulk jobs of the reseller API: each write moves a job only from the progress it was read at. */

export async function insertJob(db: Executor, row: Insertable<ApiBulkJobsTable>): Promise<void> {
  await db.insertInto('api_bulk_jobs').values(row).execute();
}

export function findJob(db: Executor, id: string) {
  return db.selectFrom('api_bulk_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOwnJob(db: Executor, userId: number, id: string) {
  return db.selectFrom('api_bulk_jobs').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

const open: BulkJobState[] = [BulkJobState.queued, BulkJobState.running];

/** Whether a job is still to be carried out (queued or running). */
export const isOpen = (job: { state: BulkJobState }) => open.includes(job.state);

/**
 * Takes the job's row for a chunk's transaction, if it is still open at `issuedBefore` units; false:
 * another run moved it or it was cancelled. Taken first, so the chunk and a cancel lock the job's
 * row before the balance, in the same order.
 */
export async function claimJob(db: Executor, id: string, issuedBefore: number, now: number): Promise<boolean> {
  const done = await db.updateTable('api_bulk_jobs').set({ updated_at: now }).where('id', '=', id).where('issued', '=', issuedBefore).where('state', 'in', open).executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Cancels an open job (waiting for a chunk that holds its row); false when it is over. Its outcome follows in the same transaction. */
export async function cancelOpenJob(db: Executor, id: string, now: number): Promise<boolean> {
  const done = await db
    .updateTable('api_bulk_jobs')
    .set({ state: BulkJobState.cancelled, updated_at: now, finished_at: now })
    .where('id', '=', id)
    .where('state', 'in', open)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** The units a cancelled job did not order and the amount given back for them. */
export async function setOutcome(db: Executor, id: string, values: { failed: number; refunded: number }): Promise<void> {
  await db.updateTable('api_bulk_jobs').set({ failed: values.failed, refunded: values.refunded }).where('id', '=', id).execute();
}

/** Records an order written by the job, if the job is still open at `issuedBefore` units; false: another run moved it. */
export async function recordOrder(db: Executor, id: string, issuedBefore: number, values: { issued: number; orderNos: string; now: number }): Promise<boolean> {
  const done = await db
    .updateTable('api_bulk_jobs')
    .set({ issued: values.issued, order_nos: values.orderNos, state: BulkJobState.running, updated_at: values.now })
    .where('id', '=', id)
    .where('issued', '=', issuedBefore)
    .where('state', 'in', open)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Closes an open job at `issued` units; false when it was closed, or moved, meanwhile. */
export async function closeJob(db: Executor, id: string, issued: number, values: { state: BulkJobState; failed: number; refunded: number; errorCode: number | null; now: number }): Promise<boolean> {
  const done = await db
    .updateTable('api_bulk_jobs')
    .set({ state: values.state, failed: values.failed, refunded: values.refunded, error_code: values.errorCode, updated_at: values.now, finished_at: values.now })
    .where('id', '=', id)
    .where('issued', '=', issued)
    .where('state', 'in', open)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

// --- top-up items ---

export async function insertItems(db: Executor, rows: Insertable<ApiBulkItemsTable>[]): Promise<void> {
  // A batch at a time: under SQLite's and PostgreSQL's bound-parameter limits at any size.
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('api_bulk_items').values(rows.slice(i, i + 500)).execute();
}

export function itemsOf(db: Executor, jobId: string) {
  return db.selectFrom('api_bulk_items').selectAll().where('job_id', '=', jobId).orderBy('seq').execute();
}

/** The job's items after `seq`, `limit` of them, in the order sent. */
export function itemsAfter(db: Executor, jobId: string, seq: number, limit: number) {
  return db.selectFrom('api_bulk_items').selectAll().where('job_id', '=', jobId).where('seq', '>', seq).orderBy('seq').limit(limit).execute();
}

/** Counts one top-up of an open job as made or failed; false when the job is over. Taken first in an item's transaction. */
export async function countItem(db: Executor, id: string, made: boolean, now: number): Promise<boolean> {
  const done = await db
    .updateTable('api_bulk_jobs')
    .set((eb) => ({ ...(made ? { issued: eb('issued', '+', 1) } : { failed: eb('failed', '+', 1) }), state: BulkJobState.running, updated_at: now }))
    .where('id', '=', id)
    .where('state', 'in', open)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Settles a pending item; false when it was settled already. */
export async function settleItem(db: Executor, jobId: string, seq: number, values: { state: BulkItemState; orderNo: string | null; errorCode: number | null }): Promise<boolean> {
  const done = await db
    .updateTable('api_bulk_items')
    .set({ state: values.state, order_no: values.orderNo, error_code: values.errorCode })
    .where('job_id', '=', jobId)
    .where('seq', '=', seq)
    .where('state', '=', BulkItemState.pending)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Ends the job's pending items as `state` (a job that ends). */
export async function endPendingItems(db: Executor, jobId: string, state: BulkItemState): Promise<void> {
  await db.updateTable('api_bulk_items').set({ state }).where('job_id', '=', jobId).where('state', '=', BulkItemState.pending).execute();
}

/** What the job's top-ups that were made cost together. */
export async function madeItemsAmount(db: Executor, jobId: string): Promise<number> {
  const { total } = await db
    .selectFrom('api_bulk_items')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('price'), eb.lit(0)).as('total'))
    .where('job_id', '=', jobId)
    .where('state', '=', BulkItemState.done)
    .executeTakeFirstOrThrow();
  return Number(total);
}
