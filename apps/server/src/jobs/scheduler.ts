import type { FastifyBaseLogger } from 'fastify';

/** Runs the time-driven rules (background-jobs.ts) every interval until stopped; a failed round is logged. */
export function startScheduler(run: () => Promise<void>, log: FastifyBaseLogger, intervalMs = 60_000): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = run().catch((err: unknown) => log.error({ err }, 'scheduled jobs failed'));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
