import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverErrors } from '@simshop/contract';
import { createDatabase, type Database } from '../src/db/database.ts';
import { drainOutbox, enqueue, enqueueMessage, MAX_ATTEMPTS, retryDelayMs, type OutboxHandlers } from '../src/jobs/outbox.ts';
import { registerSmdpSimulator } from '../src/smdp-simulator/simulator.ts';
import { useTestApp } from './harness.ts';

/**
 * Job breakages: paid orders stranded after 8 tries, two workers running one job,
 * mails sent twice after a crash. The SM-DP+ is a real simulator over loopback that the test
 * takes down (HTTP 503) and brings back.
 */
let smdp: FastifyInstance;
let smdpUrl = '';
let smdpDown = false;
let confirmed = 0;
const policy = { retryBaseMs: 5_000, retryMaxMs: 900_000, alertAfter: 6 };

beforeAll(async () => {
  smdp = Fastify();
  smdp.addHook('onRequest', async (request, reply) => {
    if (smdpDown) return reply.code(503).send({ error: 'maintenance' });
    if (request.url.endsWith('/confirmOrder')) confirmed += 1;
  });
  registerSmdpSimulator(smdp, { apiKey: 'jobs-test-smdp-key', smdpAddress: 'smdp.jobs.test', notifyUrl: () => 'http://127.0.0.1:9/unused', notifyToken: 'jobs-test-notify-token' });
  await smdp.listen({ host: '127.0.0.1', port: 0 });
  const address = smdp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  smdpUrl = `http://127.0.0.1:${port}/smdp-sim`;
});
afterAll(() => smdp.close());

const t = useTestApp(() => ({ SMDP_URL: smdpUrl, SMDP_API_KEY: 'jobs-test-smdp-key' }));

/** A real logger whose lines the test reads. */
function capturedLog() {
  const lines: { level: number; msg: string; ref?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  return { log: pino({ level: 'warn' }, stream), lines };
}

const jobOf = (orderId: number) => t.db.selectFrom('outbox').selectAll().where('topic', '=', 'order.fulfil').where('ref', '=', `order:${orderId}`).executeTakeFirstOrThrow();
const orderIdOf = async (orderNo: string) => (await t.db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).id;

describe('paid orders are never stranded', () => {
  it('keeps issuing through an outage longer than the old 8 tries, alerts once, and issues once when the SM-DP+ returns', async () => {
    const { token } = await t.signIn();
    const owner = (await t.staffSignIn('owner')).token;
    smdpDown = true;
    const orderNo = await t.buy(token, 'ESIM-GLOBAL-3', 1);
    const orderId = await orderIdOf(orderNo);
    let detail = (await t.call('order', 'detail', { orderNo }, { token })).body.data;
    expect(detail).toMatchObject({ status: 'paid', fulfilment: 'issuing' });

    const { log, lines } = capturedLog();
    let now = Date.now();
    for (let i = 0; i < MAX_ATTEMPTS + 6; i++) {
      now = Math.max(now, Number((await jobOf(orderId)).run_after)) + 1;
      await drainOutbox(t.db, t.outboxHandlers, log, now, { policy });
    }
    const job = await jobOf(orderId);
    // Never given up; back-off capped at 15 minutes.
    expect(job).toMatchObject({ failed_at: null, done_at: null, attempts: MAX_ATTEMPTS + 7 });
    expect(job.last_error).toMatch(/SM-DP\+ downloadOrder answered HTTP 503/);
    expect(Number(job.run_after) - now).toBeLessThanOrEqual(900_000);
    expect(retryDelayMs(30, policy)).toBe(900_000);
    const alerts = lines.filter((l) => l.msg.startsWith('issuing a paid order is delayed'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ level: 40, ref: `order:${orderId}` });
    // Each failure is a warning until the alert; after it they are routine (info), not a warning every 15 minutes.
    expect(lines.filter((l) => l.msg === 'outbox message failed')).toHaveLength(policy.alertAfter - 1);

    // The customer sees it honestly, the owner on the dashboard and the order.
    detail = (await t.call('order', 'detail', { orderNo }, { token })).body.data;
    expect(detail).toMatchObject({ status: 'paid', fulfilment: 'delayed' });
    const dashboard = (await t.call('adminDashboard', 'summary', {}, { token: owner })).body.data;
    expect(dashboard.delayedOrders).toEqual([expect.objectContaining({ orderNo, attempts: MAX_ATTEMPTS + 7, lastError: expect.stringMatching(/503/) })]);
    expect(dashboard.delayedOrderCount).toBe(1);
    expect((await t.call('adminPayment', 'fulfil_status', { orderNo }, { token: owner })).body.data).toMatchObject({ orderNo, state: 'delayed', jobId: job.id, running: false });

    // The SM-DP+ returns; the owner does not wait for the back-off.
    smdpDown = false;
    const now2 = (await t.call('adminPayment', 'fulfil_now', { orderNo }, { token: owner })).body;
    expect(now2).toMatchObject({ code: 0, data: { state: 'delayed', nextTryAt: expect.any(Number) } });
    expect(now2.data.nextTryAt).toBeLessThanOrEqual(Date.now());
    const audit = await t.auditOf('order', orderNo);
    expect(audit.at(-1)).toMatchObject({ action: 'order.fulfil_now', actor: 'owner@simshop.local' });
    expect(await t.drain()).toBeGreaterThanOrEqual(1);
    detail = (await t.call('order', 'detail', { orderNo }, { token })).body.data;
    expect(detail).toMatchObject({ status: 'delivered', fulfilment: null });
    expect(confirmed).toBe(1);
    expect(await t.db.selectFrom('esims').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
    expect((await t.call('adminDashboard', 'summary', {}, { token: owner })).body.data).toMatchObject({ delayedOrders: [], delayedOrderCount: 0 });
    // A re-run of the done job (a crash before it was marked) issues nothing new.
    await t.db.updateTable('outbox').set({ done_at: null, run_after: 0 }).where('id', '=', job.id).execute();
    await t.drain();
    expect(confirmed).toBe(1);
    expect(await t.db.selectFrom('esims').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
  });

  it('refuses retrying what does not wait, a running job, and bad order numbers', async () => {
    const owner = (await t.staffSignIn('owner')).token;
    const { token } = await t.signIn();
    const delivered = await t.buy(token, 'ESIM-GLOBAL-3', 1);
    expect((await t.call('adminPayment', 'fulfil_status', { orderNo: delivered }, { token: owner })).body.data).toMatchObject({ state: null, jobId: null });
    expect((await t.call('adminPayment', 'fulfil_now', { orderNo: delivered }, { token: owner })).body).toMatchObject({ code: serverErrors.fulfilmentNotWaiting.code, field: 'orderNo' });
    expect((await t.call('adminPayment', 'fulfil_now', { orderNo: 'SS20260101000000ZZZZZZ' }, { token: owner })).body).toMatchObject({ code: serverErrors.orderNotFound.code, field: 'orderNo' });
    expect((await t.call('adminPayment', 'fulfil_now', { orderNo: 'not-an-order' }, { token: owner })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'orderNo' });
    expect((await t.call('adminPayment', 'fulfil_now', {}, { token: owner })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'orderNo' });
    expect((await t.call('adminPayment', 'fulfil_status', { orderNo: 'SS20260101000000ZZZZZZ' }, { token: owner })).body).toMatchObject({ code: serverErrors.orderNotFound.code });

    // A job a worker holds right now is not made due under it.
    smdpDown = true;
    const waiting = await t.buy(token, 'ESIM-GLOBAL-3', 1);
    const orderId = await orderIdOf(waiting);
    await t.db.updateTable('outbox').set({ locked_until: Date.now() + 60_000, lease_token: 'another-worker' }).where('ref', '=', `order:${orderId}`).execute();
    const before = await t.auditOf('order', waiting);
    expect((await t.call('adminPayment', 'fulfil_now', { orderNo: waiting }, { token: owner })).body).toMatchObject({ code: serverErrors.fulfilmentRunning.code, field: 'orderNo' });
    expect(await t.auditOf('order', waiting)).toHaveLength(before.length);
    expect((await t.call('adminPayment', 'fulfil_status', { orderNo: waiting }, { token: owner })).body.data).toMatchObject({ state: 'issuing', running: true });

    // The owner refunds it instead (support may not): in one step, audited; the job ends at its next run without issuing.
    smdpDown = false;
    await t.db.updateTable('outbox').set({ locked_until: null, lease_token: null, run_after: Date.now() + 60_000 }).where('ref', '=', `order:${orderId}`).execute();
    const support = (await t.staffSignIn('support')).token;
    expect((await t.call('adminPayment', 'fulfil_refund', { orderNo: waiting }, { token: support })).body.code).toBe(serverErrors.permissionDenied.code);
    const refunded = await t.call('adminPayment', 'fulfil_refund', { orderNo: waiting }, { token: owner });
    expect(refunded.body).toMatchObject({ code: 0, data: { orderNo: waiting, state: null } });
    expect((await t.auditOf('order', waiting)).at(-1)).toMatchObject({ action: 'order.refund_unissued', actor: 'owner@simshop.local' });
    const detail = (await t.call('order', 'detail', { orderNo: waiting }, { token })).body.data;
    expect(detail).toMatchObject({ status: 'refunded', refundAmount: detail.total, fulfilment: null });
    expect((await t.call('adminPayment', 'fulfil_refund', { orderNo: waiting }, { token: owner })).body).toMatchObject({ code: serverErrors.fulfilmentNotWaiting.code, field: 'orderNo' });
    expect((await t.call('adminPayment', 'fulfil_refund', { orderNo: delivered }, { token: owner })).body).toMatchObject({ code: serverErrors.fulfilmentNotWaiting.code });
    const issuedBefore = confirmed;
    await t.db.updateTable('outbox').set({ run_after: 0 }).where('ref', '=', `order:${orderId}`).execute();
    await t.drain();
    expect(confirmed).toBe(issuedBefore);
    expect((await jobOf(orderId)).done_at).not.toBeNull();
  });

  it('lets the owner see and retry issuing from the command line', async () => {
    const { token } = await t.signIn();
    smdpDown = true;
    const orderNo = await t.buy(token, 'ESIM-GLOBAL-3', 1);
    const status = await t.admin('fulfil', 'status', orderNo);
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/issuing/);
    expect(status.out).toMatch(/503/);
    smdpDown = false;
    const retried = await t.admin('fulfil', 'now', orderNo);
    expect(retried).toMatchObject({ code: 0 });
    expect((await t.auditOf('order', orderNo)).at(-1)).toMatchObject({ action: 'order.fulfil_now', actor: expect.stringMatching(/^cli/) });
    await t.drain();
    expect((await t.call('order', 'detail', { orderNo }, { token })).body.data.status).toBe('delivered');
    const again = await t.admin('fulfil', 'now', orderNo);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/Nothing waits to be issued/);
    // And refunds one that waits.
    smdpDown = true;
    const stranded = await t.buy(token, 'ESIM-GLOBAL-3', 1);
    smdpDown = false;
    expect(await t.admin('fulfil', 'refund', stranded)).toMatchObject({ code: 0, out: expect.stringMatching(/refunded in full/) });
    expect((await t.call('order', 'detail', { orderNo: stranded }, { token })).body.data.status).toBe('refunded');
    // Each command line run starts a process: slow on a busy machine.
  }, 120_000);
});

describe('jobs run once', () => {
  /** Mail files written for an address (the file outbox of the real mailer). */
  const mailsTo = (to: string) => {
    const dir = join(t.config.dataDir, 'outbox', 'mail');
    return readdirSync(dir).filter((f) => f.endsWith(`-${to}.json`));
  };

  it('two workers on one database send each of 10 sign-up mails once, though each mail outlasts the lease', async () => {
    const second: Database = t.engine === 'postgres' ? createDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir }) : t.db;
    try {
      const to = (i: number) => `signup-${i}@jobs.test`;
      for (let i = 0; i < 10; i++) await enqueue(t.db, 'mail.send', { to: to(i), subject: 'Your code', text: `code ${i}` });
      // A slow mail server: every send takes longer than the whole lease (renewed while it runs).
      const slow = (handlers: OutboxHandlers): OutboxHandlers => ({
        'mail.send': async (payload, job) => {
          await new Promise((r) => setTimeout(r, 700));
          await handlers['mail.send']!(payload, job);
        },
      });
      const [a, b] = await Promise.all([drainOutbox(t.db, slow(t.outboxHandlers), undefined, undefined, { leaseMs: 600 }), drainOutbox(second, slow(t.outboxHandlers), undefined, undefined, { leaseMs: 600 })]);
      // Each claim ran a job; none ran twice (attempts stay 1 below).
      expect(a + b).toBeGreaterThanOrEqual(10);
      for (let i = 0; i < 10; i++) expect(mailsTo(to(i))).toHaveLength(1);
      const rows = await t.db.selectFrom('outbox').select(['attempts', 'done_at']).where('payload', 'like', '%@jobs.test%').where('topic', '=', 'mail.send').execute();
      expect(rows.every((r) => r.attempts === 1 && r.done_at !== null)).toBe(true);
    } finally {
      if (second !== t.db) await second.destroy();
    }
  });

  it('a mail job re-run after a crash (sent, not yet marked done) does not send again', async () => {
    const to = 'crash-retry@jobs.test';
    await enqueue(t.db, 'mail.send', { to, subject: 'Your code', text: 'code 1' });
    await t.drain();
    expect(mailsTo(to)).toHaveLength(1);
    const sent = JSON.parse(readFileSync(join(t.config.dataDir, 'outbox', 'mail', mailsTo(to)[0]!), 'utf8')) as { idempotencyKey: string };
    const job = await t.db.selectFrom('outbox').selectAll().where('payload', 'like', `%${to}%`).executeTakeFirstOrThrow();
    expect(sent.idempotencyKey).toBe(`job-${job.id}-mail`);
    // The crash: the send happened, the job was never marked done, its lease ran out.
    await t.db.updateTable('outbox').set({ done_at: null, locked_until: Date.now() - 1, run_after: 0 }).where('id', '=', job.id).execute();
    expect(await t.drain()).toBe(1);
    expect(mailsTo(to)).toHaveLength(1);
    expect((await t.db.selectFrom('outbox').select(['attempts', 'done_at']).where('id', '=', job.id).executeTakeFirstOrThrow()).attempts).toBe(2);
  });

  it('a job whose lease another worker holds is not taken, and the holder alone reschedules it', async () => {
    await enqueueMessage(t.db, 'test.held', { n: 1 });
    const row = await t.db.selectFrom('outbox').select('id').where('topic', '=', 'test.held').executeTakeFirstOrThrow();
    await t.db.updateTable('outbox').set({ locked_until: Date.now() + 60_000, lease_token: 'worker-a' }).where('id', '=', row.id).execute();
    let ran = 0;
    expect(await drainOutbox(t.db, { 'test.held': async () => void (ran += 1) })).toBe(0);
    expect(ran).toBe(0);
    // Its lease runs out (worker A died): another worker takes it and runs it once.
    await t.db.updateTable('outbox').set({ locked_until: Date.now() - 1 }).where('id', '=', row.id).execute();
    expect(await drainOutbox(t.db, { 'test.held': async () => void (ran += 1) })).toBe(1);
    expect(ran).toBe(1);
    expect((await t.db.selectFrom('outbox').select(['done_at', 'lease_token']).where('id', '=', row.id).executeTakeFirstOrThrow())).toMatchObject({ done_at: expect.anything(), lease_token: null });
  });
});
