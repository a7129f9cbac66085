import type { Executor } from '../db/database.ts';
import * as alerts from './job-alerts.repository.ts';
import { Topic } from './topics.ts';

/**
 * What the staff's failure alerts (modules/ops-alerts, run by the scheduler) need of the worker:
 * the jobs that gave up since the last alert (each marked once, in the caller's transaction),
 * and paid orders whose issuing job has been open too long. Nothing here sends anything.
 */

export interface GaveUpJob {
  id: number;
  topic: string;
  /** The order it worked on, when it names one. */
  orderId: number | null;
  attempts: number;
  lastError: string | null;
  failedAt: number;
}

const orderIdOf = (ref: string | null) => (ref?.startsWith('order:') ? Number(ref.slice('order:'.length)) : null);

/** Whether a job gave up that no alert told of yet (the alerts' own topics left out). */
export async function hasUnalertedGaveUp(db: Executor, skipTopics: readonly string[]): Promise<boolean> {
  return (await alerts.countGaveUpUnalerted(db, skipTopics)) > 0;
}

/** The jobs that gave up and no alert told of yet, now marked told (`alerted_at`), oldest failure first. */
export async function takeUnalertedGaveUp(db: Executor, skipTopics: readonly string[], now: number): Promise<GaveUpJob[]> {
  const rows = await alerts.markGaveUpAlerted(db, skipTopics, now);
  return rows.map((r) => ({ id: r.id, topic: r.topic, orderId: orderIdOf(r.ref), attempts: r.attempts, lastError: r.last_error, failedAt: Number(r.failed_at) }));
}

export interface WaitingIssue {
  jobId: number;
  orderId: number;
  attempts: number;
  lastError: string | null;
  /** When the issuing job was queued: when the order was paid. */
  since: number;
}

/** Paid orders' issuing jobs still open, queued in (after, upTo], oldest first. */
export async function issuingQueuedIn(db: Executor, after: number, upTo: number): Promise<WaitingIssue[]> {
  const rows = await alerts.openJobsCreatedIn(db, Topic.orderFulfil, after, upTo);
  return rows.flatMap((r) => {
    const orderId = orderIdOf(r.ref);
    return orderId === null ? [] : [{ jobId: r.id, orderId, attempts: r.attempts, lastError: r.last_error, since: Number(r.created_at) }];
  });
}
