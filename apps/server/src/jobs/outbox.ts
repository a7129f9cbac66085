import { PostgresAdapter } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/database.ts';
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
