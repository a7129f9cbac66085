import { createServer, type Server } from 'node:http';
import { api } from '@simshop/contract';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { enqueue } from '../src/jobs/outbox.ts';
import { creditCustomerBalance } from '../src/modules/accounts/account-admin.service.ts';
import { cliActor } from '../src/modules/audit/audit.service.ts';
import { freePort, freshPostgres, seedShop, shopEnv, smdpDistinctDownloads, startServer, startSmdp, type ServerProcess } from './server-process.ts';
import { customerSession, shopDatabase, until } from './shop-db.ts';
import { balanceCheckout, loadSkuId } from './checkout-load.ts';

/**
 * "Jobs run twice" and "two processes never fulfil twice", with real processes: two
 * shop processes on one PostgreSQL both run the outbox worker. Paid eSIM orders are issued by a
 * slow SM-DP+ and SMS go out through a slow gateway; the process caught in the middle of a send
 * is killed with SIGKILL. Every order gets its eSIM once, and every SMS job reaches the gateway
 * under one idempotency key and is recorded sent once (the survivor takes the dead process's job
 * over when its lease runs out, and the provider's key makes a repeated send harmless).
 * The lease is 3 s here instead of 60 s: still twice the gateway's answer time, so a live
 * process renews it (every second) long before it runs out and only the killed one loses a job.
 */
const LEASE_MS = 3_000;
// Jobs each process runs at once: a killed process may have sent this many without recording it.
const JOBS_AT_ONCE = 4;

describe('two server processes on one PostgreSQL, one killed mid-job', () => {
  const running: ServerProcess[] = [];
  let smdp: { stop(): Promise<void> } | undefined;
  let gateway: Server | undefined;
  let db: Database | undefined;
  afterAll(async () => {
    for (const s of running) await s.kill();
    await smdp?.stop();
    await db?.destroy();
    await new Promise((done) => (gateway ? gateway.close(done) : done(undefined)));
  });

  it('fulfils each paid eSIM order once and sends each SMS once', async () => {
    // The gateway answers after a while, so a send is in flight long enough to kill its sender;
    // each process posts to its own path, so the test knows which one is sending.
    const received: { from: string; to: string; key: string | undefined }[] = [];
    const inFlight = new Map<string, number>();
    gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const from = req.url ?? '';
        received.push({ from, to: (JSON.parse(body) as { to: string }).to, key: req.headers['idempotency-key'] as string | undefined });
        inFlight.set(from, (inFlight.get(from) ?? 0) + 1);
        setTimeout(() => {
          inFlight.set(from, inFlight.get(from)! - 1);
          res.end('{}');
        }, 1_500);
      });
    });
    const gatewayPort = await freePort();
    await new Promise<void>((done) => gateway!.listen(gatewayPort, '127.0.0.1', done));
    const smdpPort = await freePort();
    const env = shopEnv({
      databaseUrl: await freshPostgres('two_processes'),
      extra: { SMDP_URL: `http://127.0.0.1:${smdpPort}/smdp-sim`, SMS_WEBHOOK_TOKEN: 'fault-sms-token', OUTBOX_INTERVAL_MS: '100', JOB_RETRY_BASE_MS: '200', JOB_RETRY_MAX_MS: '1000', JOB_LEASE_MS: String(LEASE_MS), JOB_CONCURRENCY: String(JOBS_AT_ONCE) },
    });
    smdp = startSmdp(smdpPort, { ...env, SMDP_DELAY_MS: '300' });
    // The fresh database is migrated and seeded here first, so both processes can start at once
    // (starting is most of this test's time): each then finds nothing left to do.
    await seedShop(env);
    db = shopDatabase(env);
    const start = (path: string) => startServer({ ...env, SMS_WEBHOOK_URL: `http://127.0.0.1:${gatewayPort}${path}` }).then((s) => (running.push(s), s));
    const [a, b] = await Promise.all([start('/a'), start('/b')]);

    // Customers with money first (credited here as the admin command line does, without a
    // process per customer), then the work for both workers at once: eSIM orders paid through
    // either process, and SMS jobs.
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++) {
      const token = await customerSession(db, env, `two-${i}@fault.test`);
      const userId = (await db.selectFrom('users').select('id').where('email', '=', `two-${i}@fault.test`).executeTakeFirstOrThrow()).id;
      await creditCustomerBalance(db, cliActor(), { id: userId, currency: 'USD', amount: 100_00, reason: 'fault test' }, Date.now());
      tokens.push(token);
    }
    const skuId = await loadSkuId(db, 'ESIM-GLOBAL-3');
    const orderNos: string[] = [];
    for (const [i, token] of tokens.entries()) {
      const via = i % 2 === 0 ? a : b;
      orderNos.push(await balanceCheckout(via, token, skuId));
    }
    // The SMS last: queued before the checkouts, all of them could be sent and answered while a
    // busy machine was still paying, leaving no send in flight to kill.
    const phones = Array.from({ length: 8 }, (_, i) => `+86139000000${10 + i}`);
    for (const to of phones) await enqueue(db, 'sms.send', { to, text: `code ${to.slice(-6)}` });

    // A process is waiting for the gateway's answer to an SMS: kill it there.
    const victim = await until('an SMS in flight', () => (inFlight.get('/a') ? a : inFlight.get('/b') ? b : undefined), 60_000, 10);
    await victim.kill();
    const survivor = victim === a ? b : a;

    const orderIds = (await db.selectFrom('orders').select('id').where('order_no', 'in', orderNos).execute()).map((o) => o.id);
    // The survivor does the rest, the dead process's leased job once its lease runs out.
    await until(
      'every job done',
      async () => (await db!.selectFrom('outbox').select('id').where('done_at', 'is', null).where((eb) => eb.or([eb('topic', '=', 'sms.send'), eb('topic', '=', 'order.fulfil')])).execute()).length === 0,
      120_000,
      500,
    );
    expect((await db.selectFrom('outbox').select('id').where('failed_at', 'is not', null).execute()).length).toBe(0);

    // Fulfilled once: one eSIM per order, each a profile of its own, each order delivered.
    const issued = await db.selectFrom('esims').select(['order_id', 'iccid']).where('order_id', 'in', orderIds).execute();
    expect(issued).toHaveLength(orderNos.length);
    expect(new Set(issued.map((e) => e.order_id)).size).toBe(orderNos.length);
    expect(new Set(issued.map((e) => e.iccid)).size).toBe(orderNos.length);
    expect(await smdpDistinctDownloads(smdpPort)).toBe(orderNos.length);
    const statuses = await db.selectFrom('orders').select('status').where('id', 'in', orderIds).execute();
    expect(statuses.every((o) => o.status === 'delivered')).toBe(true);
    const shown = await survivor.call(api.product.path, 'list', { page: 1, size: 1 });
    expect(shown.code).toBe(0);

    // Sent once: each phone under one key (a send repeated after the kill carries the same key, so
    // the provider drops it), and one recorded send per job.
    const keysByPhone = new Map<string, Set<string | undefined>>();
    for (const r of received) keysByPhone.set(r.to, (keysByPhone.get(r.to) ?? new Set()).add(r.key));
    expect([...keysByPhone.keys()].sort()).toEqual([...phones].sort());
    for (const keys of keysByPhone.values()) expect(keys.size).toBe(1);
    expect(new Set(received.map((r) => r.key)).size).toBe(phones.length);
    const smsJobs = (await db.selectFrom('outbox').select('id').where('topic', '=', 'sms.send').execute()).map((j) => j.id);
    const effects = await db.selectFrom('job_side_effects').select(['job_id', 'key']).where('job_id', 'in', smsJobs).execute();
    expect(effects).toHaveLength(phones.length);
    expect(new Set(effects.map((e) => e.job_id)).size).toBe(phones.length);
    // Only the sends the victim was in the middle of (a job per place) can have reached the gateway twice.
    expect(received.length - phones.length).toBeLessThanOrEqual(JOBS_AT_ONCE);
  }, 240_000);
});
