import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { advanceAgedOrders, expireUnpaidOrders } from '../modules/orders/order-sweeps.service.ts';
import { pruneSecurityEvents } from '../modules/security/security-event.service.ts';

/**
 * Time-driven rules: unpaid orders expire after 30 minutes, shipped ones are confirmed after 10
 * days, received ones complete after 7; security events past their year are deleted. Every step
 * re-checks in its own transaction, so several server processes may run this at once.
 */
export async function runScheduledJobs(db: Database, now = Date.now()): Promise<void> {
  await expireUnpaidOrders(db, now);
  await advanceAgedOrders(db, now);
  await pruneSecurityEvents(db, now);
}

export function startScheduler(db: Database, log: FastifyBaseLogger, intervalMs = 60_000): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = runScheduledJobs(db).catch((err: unknown) => log.error({ err }, 'scheduled jobs failed'));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
