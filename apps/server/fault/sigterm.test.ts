import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE, api } from '@simshop/contract';
import type { Database } from '../src/db/database.ts';
import { enqueue } from '../src/jobs/outbox.ts';
import { ENGINES, freePort, shopEnv, startServer, type ServerProcess } from './server-process.ts';
import { shopDatabase, until } from './shop-db.ts';

/**
 * "SIGTERM under load with a slow client": a production process serves a stream of
 * requests, holds a connection whose headers never finish, and is sending SMS through a slow
 * gateway when SIGTERM arrives. It must exit within SHUTDOWN_GRACE_MS (plus start-up slack of
 * the signal), keep the result of the SMS it was sending, and leave the rest to the next
 * process, which sends each of them once.
 */
const GRACE_MS = 2_000;

/** An SMS gateway that answers each message `answerAfterMs` after it arrived; what it received, in order. */
async function slowGateway(answerAfterMs: number) {
  const received: { to: string; key: string | undefined }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ to: (JSON.parse(body) as { to: string }).to, key: req.headers['idempotency-key'] as string | undefined });
      setTimeout(() => res.end('{}'), answerAfterMs);
    });
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { server, received, url: `http://127.0.0.1:${port}/sms` };
}

describe.each(ENGINES)('SIGTERM under load with a slow client (%s)', (engine, databaseFor) => {
  let shop: ServerProcess | undefined;
  let db: Database | undefined;
  let gateway: Server | undefined;
  afterAll(async () => {
    await shop?.kill();
    await db?.destroy();
    await new Promise((done) => (gateway ? gateway.close(done) : done(undefined)));
  });

  it('exits within the deadline and loses no job result', async () => {
    const slowSms = await slowGateway(1_000);
    gateway = slowSms.server;
    const received = slowSms.received;
    const env = shopEnv({
      databaseUrl: await databaseFor('sigterm'),
      extra: { SMS_WEBHOOK_URL: slowSms.url, SMS_WEBHOOK_TOKEN: 'fault-sms-token', SHUTDOWN_GRACE_MS: String(GRACE_MS), OUTBOX_INTERVAL_MS: '100' },
    });
    shop = await startServer(env);
    db = shopDatabase(env);
    const phones = Array.from({ length: 6 }, (_, i) => `+86138000000${10 + i}`);
    for (const to of phones) await enqueue(db, 'sms.send', { to, text: `code ${to.slice(-6)}` });

    // Load: a steady stream of catalogue requests.
    let loading = true;
    const answers: number[] = [];
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (loading) {
          try {
            answers.push((await shop!.call(api.product.path, 'list', { page: 1, size: 5 })).http);
          } catch {
            answers.push(0);
          }
        }
      }),
    );
    // A client that sends its headers a line at a time and never ends them.
    const slow = connect(Number(new URL(shop.base).port), '127.0.0.1');
    await new Promise<void>((done) => slow.once('connect', () => done()));
    slow.on('error', () => undefined);
    slow.write(`POST ${API_BASE}${api.product.path}?action=list HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    const drip = setInterval(() => slow.writable && slow.write('x-slow: 1\r\n'), 200);

    // The first SMS is on its way through the slow gateway: now the signal.
    await until('an SMS in flight', () => received.length > 0, 30_000, 20);
    await until('some answers under load', () => answers.filter((s) => s === 200).length >= 4, 30_000, 20);
    const signalled = Date.now();
    shop.child.kill('SIGTERM');
    const code = await shop.exited;
    const took = Date.now() - signalled;
    loading = false;
    clearInterval(drip);
    await load;
    slow.destroy();
    expect(code).toBe(0);
    expect(took).toBeLessThan(GRACE_MS + 3_000);

    // The SMS that was in flight kept its result; the others wait, untouched.
    const rows = await db.selectFrom('outbox').select(['id', 'payload', 'done_at', 'attempts', 'lease_token']).where('topic', '=', 'sms.send').orderBy('id').execute();
    const done = rows.filter((r) => r.done_at !== null);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(done.length).toBe(received.length);
    expect(rows.every((r) => r.lease_token === null)).toBe(true);
    expect(rows.filter((r) => r.done_at === null).every((r) => r.attempts === 0)).toBe(true);

    // The next process sends the rest: every phone gets its SMS once, each under its job's key.
    shop = await startServer(env);
    await until('every SMS sent', async () => (await db!.selectFrom('outbox').select('id').where('topic', '=', 'sms.send').where('done_at', 'is', null).execute()).length === 0, 30_000);
    expect(received.map((r) => r.to).sort()).toEqual([...phones].sort());
    expect(new Set(received.map((r) => r.key)).size).toBe(phones.length);
  }, 90_000);

  it('honours a grace period longer than 10 s: the job in hand ends, then the process exits 0', async () => {
    // Fastify times a close hook out after 10 s: a shutdown there ended a 12-s call early, with exit 1.
    const slowSms = await slowGateway(12_000);
    const env = shopEnv({
      databaseUrl: await databaseFor('sigterm_long'),
      extra: { SMS_WEBHOOK_URL: slowSms.url, SMS_WEBHOOK_TOKEN: 'fault-sms-token', SHUTDOWN_GRACE_MS: '16000', OUTBOX_INTERVAL_MS: '100' },
    });
    const longShop = await startServer(env);
    const longDb = shopDatabase(env);
    try {
      await enqueue(longDb, 'sms.send', { to: '+8613800000099', text: `code 099099 ${engine}` });
      await until('the SMS in flight', () => slowSms.received.length > 0, 30_000, 20);
      const signalled = Date.now();
      longShop.child.kill('SIGTERM');
      expect(await longShop.exited).toBe(0);
      const took = Date.now() - signalled;
      expect(took).toBeGreaterThan(10_500);
      expect(took).toBeLessThan(16_000 + 3_000);
      const [job] = await longDb.selectFrom('outbox').select(['done_at', 'lease_token']).where('topic', '=', 'sms.send').execute();
      expect(job).toMatchObject({ lease_token: null });
      expect(job!.done_at).not.toBeNull();
    } finally {
      await longShop.kill();
      await longDb.destroy();
      await new Promise((done) => slowSms.server.close(done));
    }
  }, 60_000);
});
