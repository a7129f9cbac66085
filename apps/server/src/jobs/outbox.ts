import { PostgresAdapter } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { serverErrors, type AdminJob } from '@simshop/contract';
import type { Database, Executor } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { recordAudit, type Actor } from '../modules/audit/audit.service.ts';
import * as outbox from './outbox.repository.ts';

/**
 * Side effects that must survive a crash (mails, SMS, later fulfilment and provider calls) are
 * written to the outbox in the caller's transaction and carried out by the worker, with retries.
 */
export type OutboxHandler = (payload: unknown) => Promise<void>;
export type OutboxHandlers = Record<string, OutboxHandler>;

export const MAX_ATTEMPTS = 8;
const LEASE_MS = 60_000;

export async function enqueue(db: Executor, topic: string, payload: unknown, now = Date.now()): Promise<void> {
  await outbox.insertMessage(db, { topic, payload: JSON.stringify(payload), now });
}

/** Exponential back-off: 5 s, 10 s, 20 s ... capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** Runs every due message once; returns how many were handled. */
export async function drainOutbox(db: Database, handlers: OutboxHandlers, log?: FastifyBaseLogger, now = Date.now()): Promise<number> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let handled = 0;
  for (;;) {
    const batch = await db.transaction().execute((tx) => outbox.claimDue(tx, { now, leaseMs: LEASE_MS, limit: 20, postgres }));
    if (batch.length === 0) return handled;
    for (const message of batch) {
      handled += 1;
      const handler = handlers[message.topic];
      try {
        if (!handler) throw new Error(`no handler for outbox topic ${message.topic}`);
        await handler(JSON.parse(message.payload));
        await outbox.markDone(db, message.id, Date.now());
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        log?.warn({ id: message.id, topic: message.topic, attempts: message.attempts, error }, 'outbox message failed');
        if (message.attempts >= MAX_ATTEMPTS) await outbox.markFailed(db, message.id, Date.now(), error);
        else await outbox.markRetry(db, message.id, Date.now() + retryDelayMs(message.attempts), error);
      }
    }
  }
}

/** Polls the outbox until stopped. */
export function startOutboxWorker(db: Database, handlers: OutboxHandlers, log: FastifyBaseLogger, intervalMs: number): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = drainOutbox(db, handlers, log)
      .catch((err: unknown) => log.error({ err }, 'outbox worker failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer = setTimeout(tick, intervalMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

/** Background jobs that gave up (the console's dashboard shows them to the owner). */
export function countFailedJobs(db: Executor): Promise<number> {
  return outbox.countFailed(db);
}

// --- the console's jobs page ---

/** Topics whose payload is a message text (it may hold a sign-in code): staff see only where it goes. */
const MESSAGE_TOPICS = new Set(['mail.send', 'sms.send']);

function payloadForStaff(topic: string, raw: string): unknown {
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    return null;
  }
  if (MESSAGE_TOPICS.has(topic) && typeof payload === 'object' && payload !== null) return { to: (payload as { to?: unknown }).to ?? null };
  return payload;
}

type OutboxRow = NonNullable<Awaited<ReturnType<typeof outbox.findJob>>>;

function stateOf(row: OutboxRow, now: number): AdminJob['status'] {
  if (row.failed_at !== null) return 'failed';
  if (row.locked_until !== null && row.locked_until >= now) return 'running';
  return row.last_error !== null ? 'retrying' : 'pending';
}

function toJob(row: OutboxRow, now: number): AdminJob {
  return { id: row.id, topic: row.topic, status: stateOf(row, now), attempts: row.attempts, lastError: row.last_error, payload: payloadForStaff(row.topic, row.payload), createdAt: row.created_at, runAfter: row.run_after, failedAt: row.failed_at };
}

/** Jobs in one state, for the console (failed ones are what staff act on). */
export async function listJobs(db: Executor, input: { page: number; pageSize: number; sortField: 'createdAt' | 'failedAt'; sortOrder: 'asc' | 'desc'; status: AdminJob['status']; topic?: string | undefined }, now: number) {
  const { rows, total } = await outbox.listJobs(db, { state: input.status, topic: input.topic, now }, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize, sort: input.sortField === 'failedAt' ? 'failed_at' : 'created_at', order: input.sortOrder });
  return { items: rows.map((r) => toJob(r, now)), total };
}

export async function jobCounts(db: Executor, now: number) {
  const [pending, running, retrying, failed] = await Promise.all((['pending', 'running', 'retrying', 'failed'] as const).map((s) => outbox.countInState(db, s, now)));
  return { pending: pending!, running: running!, retrying: retrying!, failed: failed! };
}

/** Runs a job that gave up once more (audited); if it fails again it is failed again. */
export async function retryFailedJob(db: Database, actor: Actor, id: number, now: number): Promise<AdminJob> {
  return db.transaction().execute(async (tx) => {
    const row = await outbox.findJob(tx, id);
    if (!row) throw new AppError(serverErrors.notFound, 'id');
    if (row.failed_at === null || row.done_at !== null || !(await outbox.requeueFailed(tx, id, now))) throw new AppError(serverErrors.jobNotFailed, 'id');
    await recordAudit(tx, actor, { action: 'job.retry', targetType: 'job', targetId: id, before: { status: 'failed', attempts: row.attempts, lastError: row.last_error }, after: { status: 'retrying', runAfter: now } }, now);
    return toJob((await outbox.findJob(tx, id))!, now);
  });
}
