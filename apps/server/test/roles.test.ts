import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { enqueueMessage } from '../src/jobs/outbox.ts';
import { useTestApp } from './harness.ts';

/** SIMSHOP_ROLE: a web process serves and never runs a job; a worker runs them all. */
const t = useTestApp();

const jobsRun = async (app: Awaited<ReturnType<typeof buildApp>>['app']) => {
  const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  return text.split('\n').filter((l) => l.startsWith('simshop_job_duration_seconds_count')).reduce((n, l) => n + Number(l.split(' ').at(-1)), 0);
};

describe('process roles', () => {
  it('leaves every job to the worker, none to a web process beside it on the same database', async () => {
    const web = await buildApp({ config: { ...t.config, role: 'web', outboxIntervalMs: 10 }, db: t.db, prepare: false });
    const worker = await buildApp({ config: { ...t.config, role: 'worker', outboxIntervalMs: 10 }, db: t.db, prepare: false });
    try {
      // Notifications nobody recorded: each job ends at once.
      for (let i = 0; i < 20; i++) await enqueueMessage(t.db, 'notification.send', { notificationId: 900_000_000 + i });
      await expect.poll(async () => (await t.db.selectFrom('outbox').select('id').where('topic', '=', 'notification.send').where('done_at', 'is', null).execute()).length, { timeout: 15_000, interval: 20 }).toBe(0);
      expect(await jobsRun(worker.app)).toBeGreaterThanOrEqual(20);
      expect(await jobsRun(web.app)).toBe(0);
      // Both answer the probes; the web process serves the shop.
      expect((await web.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect((await worker.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await web.shutdown();
      await worker.shutdown();
    }
  });
});
