import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { enqueue } from '../src/jobs/outbox.ts';
import { useFakeUpstream } from './fake-upstream.ts';
import { useTestApp } from './harness.ts';

/**
 * Shutdown in order: the worker stops first and the job in hand keeps its result,
 * HTTP closes with a deadline that a slow client cannot stretch, the database closes last.
 * A second app instance (with its own database connection, its worker running) works on the
 * test's database; the SMS gateway is a real HTTP server that answers slowly.
 */
const received: { to: string; key: string | undefined }[] = [];
let answerAfterMs = 800;

const gateway = useFakeUpstream((req, body, res) => {
  received.push({ to: (JSON.parse(body) as { to: string }).to, key: req.headers['idempotency-key'] as string | undefined });
  setTimeout(() => res.end('{}'), answerAfterMs);
});
// After the gateway's hooks: built after it starts, closed before it stops.
const t = useTestApp();

/**
 * The shop as server.ts runs it (worker on, its own database connection), on the test's
 * database; one job at a time, so the second job is one the worker has not taken when it stops.
 */
async function runningShop(graceMs: number) {
  return buildApp({ config: { ...t.config, sms: { ...t.config.sms, webhookUrl: `${gateway.base}/sms`, webhookToken: undefined }, outboxIntervalMs: 20, shutdownGraceMs: graceMs, jobs: { ...t.config.jobs, concurrency: 1 } }, prepare: false });
}

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const smsJob = (to: string) => t.db.selectFrom('outbox').selectAll().where('topic', '=', 'sms.send').where('payload', 'like', `%${to}%`).executeTakeFirstOrThrow();

describe('shutdown', () => {
  it('lets the job in hand finish its gateway call and keep its result, takes no further job, then closes the database', async () => {
    // Written before the shop runs: the test's connection and the shop's share one event loop, so a
    // write of the test's (synchronous, waiting for the lock) while the worker's transaction holds
    // the lock across an await would stall the very loop that transaction needs to commit.
    await enqueue(t.db, 'sms.send', { to: '+8613800000001', text: 'code 111111' });
    await enqueue(t.db, 'sms.send', { to: '+8613800000002', text: 'code 222222' });
    const shop = await runningShop(5_000);
    await until(() => received.some((r) => r.to === '+8613800000001'));
    // The gateway is still answering when the shutdown begins.
    await shop.shutdown();
    const first = await smsJob('+8613800000001');
    expect(first.done_at).not.toBeNull();
    expect(first.lease_token).toBeNull();
    expect(await t.db.selectFrom('job_side_effects').select('key').where('job_id', '=', first.id).execute()).toEqual([{ key: `job-${first.id}-sms` }]);
    expect(received.find((r) => r.to === '+8613800000001')?.key).toBe(`job-${first.id}-sms`);
    // A stopping worker takes no other job: the second waits for the next process.
    expect(await smsJob('+8613800000002')).toMatchObject({ done_at: null, attempts: 0 });
    expect(received.filter((r) => r.to === '+8613800000002')).toHaveLength(0);
    // The database went last: the stopped shop's connection is closed.
    await expect(shop.db.selectFrom('outbox').select('id').execute()).rejects.toThrow();
    // The next process sends the second message, and only it.
    const next = await runningShop(5_000);
    await until(() => received.some((r) => r.to === '+8613800000002'));
    await next.shutdown();
    expect((await smsJob('+8613800000002')).done_at).not.toBeNull();
    expect(received.map((r) => r.to).sort()).toEqual(['+8613800000001', '+8613800000002']);
  });

  it('ends within the grace period although a client never finishes its request', async () => {
    answerAfterMs = 0;
    const shop = await runningShop(800);
    await shop.app.listen({ host: '127.0.0.1', port: 0 });
    const address = shop.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    // Headers sent a piece at a time and never finished.
    const slow = connect(port, '127.0.0.1');
    // The server cutting this client off may reach it as a reset: that is the expected end, not a failure.
    slow.on('error', () => undefined);
    await new Promise<void>((done) => slow.once('connect', () => done()));
    slow.write('POST /uni/api/v1/product?action=list HTTP/1.1\r\nHost: localhost\r\n');
    const drip = setInterval(() => slow.write('x-slow: 1\r\n'), 100);
    const cut = new Promise<void>((done) => slow.once('close', () => done()));
    // An idle keep-alive connection is closed at once.
    const idle = connect(port, '127.0.0.1');
    idle.on('error', () => undefined);
    await new Promise<void>((done) => idle.once('connect', () => done()));
    const idleClosed = new Promise<void>((done) => idle.once('close', () => done()));
    const started = Date.now();
    try {
      await shop.shutdown();
    } finally {
      clearInterval(drip);
    }
    const took = Date.now() - started;
    expect(took).toBeLessThan(3_000);
    await cut;
    await idleClosed;
    expect(slow.destroyed).toBe(true);
  });
});
