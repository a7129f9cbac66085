import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { releaseSchedulerLease, takeSchedulerLease } from './scheduler.repository.ts';

/**
 * Runs the time-driven rules (background-jobs.ts) every interval until stopped, in exactly one
 * process of those sharing the database: each round, a process runs the rules only if it holds
 * (or could take) the lease, renewed for three intervals; a leader that dies is replaced once its
 * lease runs out, one that stops hands the lease back. A failed round is logged.
 */
export function startScheduler(db: Database, run: () => Promise<void>, log: FastifyBaseLogger, intervalMs = 60_000): () => Promise<void> {
  const holder = randomUUID();
  let running: Promise<void> = Promise.resolve();
  const round = async () => {
    const now = Date.now();
    if (await takeSchedulerLease(db, holder, now, now + 3 * intervalMs)) await run();
  };
  const timer = setInterval(() => {
    running = round().catch((err: unknown) => log.error({ err }, 'scheduled jobs failed'));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    await releaseSchedulerLease(db, holder).catch((err: unknown) => log.warn({ err }, 'the scheduler lease was not handed back: it runs out by itself'));
  };
}
