import { OrderStatus, type OpsAlertKind } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { issuingQueuedIn, takeUnalertedGaveUp } from '../../jobs/job-alerts.ts';
import { countFailedJobs, enqueue } from '../../jobs/outbox.ts';
import { Topic } from '../../jobs/topics.ts';
import { orderById } from '../orders/order.service.ts';
import type { AlertBody, AlertItem } from './ops-alert-mail.tsx';
import { alertRecipients } from './ops-alerts.service.ts';
import * as repo from './ops-alerts.repository.ts';

/**
 * The scheduler's rounds that tell the staff about failures: jobs that gave up since the last
 * alert, and paid orders still waiting for their eSIMs `ESIM_DELAY_MS` after payment. Each kind
 * goes out at most once per `ALERT_PERIOD_MS` across every process on the database: the kind's
 * turn is taken in the same transaction that records the alert and queues its mails and webhook
 * post (sent by the worker, with its retries). What is not told yet waits for the next turn.
 * An eSIM alert tells of the orders that became delayed since the previous one; orders still
 * waiting are counted in its total but not listed again.
 */
export const ALERT_PERIOD_MS = 3_600_000;
export const ESIM_DELAY_MS = 10 * 60_000;
/** Orders or jobs listed by name in one alert; the rest are counted. */
export const ALERT_ITEMS = 10;
/** The alerts' own jobs: one that gives up is not alerted about (it would alert about itself). */
const ALERT_TOPICS: readonly string[] = [Topic.opsAlertMail, Topic.opsAlertWebhook];

class NothingToTell extends Error {}

type Told = Omit<AlertBody, 'kind' | 'at'>;

/** Records and queues one alert of a kind if its turn has come and `build` has something to tell; its id, or null. */
async function alertOnce(db: Database, kind: OpsAlertKind, now: number, build: (tx: Executor, coveredUntil: number) => Promise<Told | null>): Promise<number | null> {
  try {
    return await db.transaction().execute(async (tx) => {
      const coveredUntil = await repo.takeTurn(tx, kind, now, ALERT_PERIOD_MS);
      if (coveredUntil === undefined) return null;
      const told = await build(tx, coveredUntil);
      // Nothing new: the turn is given back with the rest of the transaction.
      if (!told) throw new NothingToTell();
      const body: AlertBody = { kind, at: now, ...told };
      const alertId = await repo.insertAlert(tx, { kind, body: JSON.stringify(body), now });
      for (const r of await alertRecipients(tx)) await enqueue(tx, Topic.opsAlertMail, { alertId, staffId: r.staffId, to: r.email }, now);
      await enqueue(tx, Topic.opsAlertWebhook, { alertId }, now);
      return alertId;
    });
  } catch (err) {
    if (err instanceof NothingToTell) return null;
    throw err;
  }
}

const orderNoOf = async (tx: Executor, orderId: number | null) => (orderId === null ? null : ((await orderById(tx, orderId))?.order_no ?? null));

/** Jobs that gave up: each is told of once (marked in the alert's transaction). */
export async function alertGaveUpJobs(db: Database, now: number): Promise<number | null> {
  return alertOnce(db, 'job_failed', now, async (tx) => {
    const jobs = await takeUnalertedGaveUp(tx, ALERT_TOPICS, now);
    if (jobs.length === 0) return null;
    const items: AlertItem[] = [];
    for (const j of jobs.slice(0, ALERT_ITEMS)) items.push({ jobId: j.id, topic: j.topic, orderNo: await orderNoOf(tx, j.orderId), attempts: j.attempts, lastError: j.lastError, at: j.failedAt });
    return { count: jobs.length, total: await countFailedJobs(tx), items };
  });
}

/** The still-paid orders among issuing jobs (a refunded order's job ends at its next run). */
async function paidOnly(tx: Executor, waiting: Awaited<ReturnType<typeof issuingQueuedIn>>): Promise<AlertItem[]> {
  const items: AlertItem[] = [];
  for (const w of waiting) {
    const order = await orderById(tx, w.orderId);
    if (order?.status === OrderStatus.paid) items.push({ jobId: w.jobId, topic: null, orderNo: order.order_no, attempts: w.attempts, lastError: w.lastError, at: w.since });
  }
  return items;
}

/** Paid orders whose eSIMs were not issued within ESIM_DELAY_MS, new since the last such alert. */
export async function alertDelayedEsims(db: Database, now: number): Promise<number | null> {
  return alertOnce(db, 'esim_delayed', now, async (tx, coveredUntil) => {
    const upTo = now - ESIM_DELAY_MS;
    // Delayed since the last alert: paid after (its time − the delay).
    const fresh = await paidOnly(tx, await issuingQueuedIn(tx, coveredUntil - ESIM_DELAY_MS, upTo));
    if (fresh.length === 0) return null;
    const older = await paidOnly(tx, await issuingQueuedIn(tx, -1, Math.min(upTo, coveredUntil - ESIM_DELAY_MS)));
    return { count: fresh.length, total: fresh.length + older.length, minutes: ESIM_DELAY_MS / 60_000, items: fresh.slice(0, ALERT_ITEMS) };
  });
}

/** Both kinds, as the scheduler's sweep. */
export async function sweepOpsAlerts(db: Database, now: number): Promise<void> {
  await alertGaveUpJobs(db, now);
  await alertDelayedEsims(db, now);
}
