import type { FulfilmentState } from '@simshop/contract';
import type { Executor } from '../db/database.ts';
import { enqueue } from './outbox.ts';
import { Topic } from './topics.ts';
import * as outbox from './outbox.repository.ts';

/**
 * A paid order's issuing job as the customer and the owner see it. The job never gives up
 * (PERSISTENT_TOPICS); `alerted_at` marks the ones the owner was told about: "delayed".
 */
export interface FulfilmentJob {
  state: FulfilmentState;
  jobId: number;
  attempts: number;
  lastError: string | null;
  nextTryAt: number;
  running: boolean;
}

type JobRow = Awaited<ReturnType<typeof outbox.openJobsFor>>[number];

function toFulfilment(row: JobRow, now: number): FulfilmentJob {
  return {
    state: row.alerted_at !== null ? 'delayed' : 'issuing',
    jobId: row.id,
    attempts: row.attempts,
    lastError: row.last_error,
    nextTryAt: row.run_after,
    running: row.locked_until !== null && row.locked_until >= now,
  };
}

/** The open issuing job of each order that has one. */
export async function fulfilmentJobs(db: Executor, orderIds: readonly number[], now: number): Promise<Map<number, FulfilmentJob>> {
  const rows = await outbox.openJobsFor(db, Topic.orderFulfil, orderIds.map((id) => `order:${id}`));
  const byOrder = new Map<number, FulfilmentJob>();
  // Newest first: an order keeps the state of its latest job.
  for (const row of rows) {
    const id = Number(row.ref!.slice('order:'.length));
    if (!byOrder.has(id)) byOrder.set(id, toFulfilment(row, now));
  }
  return byOrder;
}

/** Makes an order's issuing run now; a new job when none is open. Refuses a job running now. */
export async function runFulfilmentNow(db: Executor, orderId: number, now: number): Promise<'due' | 'queued' | 'running'> {
  const [open] = await outbox.openJobsFor(db, Topic.orderFulfil, [`order:${orderId}`]);
  if (!open) {
    await enqueue(db, Topic.orderFulfil, { orderId }, now);
    return 'queued';
  }
  return (await outbox.makeDueNow(db, open.id, now)) ? 'due' : 'running';
}

/** Open issuing jobs the owner was alerted about, oldest first (the dashboard's card). */
export async function delayedFulfilmentJobs(db: Executor, limit: number, now: number) {
  const { rows, total } = await outbox.alertedOpenJobs(db, Topic.orderFulfil, limit);
  return { total, jobs: rows.filter((r) => r.ref?.startsWith('order:')).map((r) => ({ orderId: Number(r.ref!.slice('order:'.length)), ...toFulfilment(r, now) })) };
}
