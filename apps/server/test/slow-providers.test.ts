import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Role } from '@simshop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { useTestApp } from './harness.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/**
 * A worker whose provider hangs still does the rest, in about a second, with the default places
 * (JOB_CONCURRENCY) and interval: a mail server that accepts and never greets (a tarpit) while
 * sign-up codes wait to be mailed does not hold a paid eSIM order, and an SM-DP+ that never
 * answers while paid eSIM orders wait does not hold a sign-up code's mail. The hanging calls are
 * let go at the end (their jobs are retried later, as after any provider error).
 */
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

const t = useTestApp(() => ({ SMTP_URL: sink.url }));

/** How long a customer may wait for what a worker with a hanging provider still sends. */
const ABOUT_A_SECOND = 3000;

/** A worker process on the test's database, its providers as `config` says. */
async function startWorker(config: Config): Promise<App> {
  return buildApp({ config, db: t.db, prepare: false, workers: true });
}

/** Listens on a free loopback port; the port. */
async function listening(server: { listen(port: number, host: string, done: () => void): unknown; address(): unknown }): Promise<number> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

/** Jobs of a topic a worker holds right now (claimed, not finished). */
async function inFlight(topic: string): Promise<number> {
  const rows = await t.db.selectFrom('outbox').select('id').where('topic', '=', topic).where('done_at', 'is', null).where('failed_at', 'is', null).where('lease_token', 'is not', null).where('locked_until', '>', Date.now()).execute();
  return rows.length;
}

/** A reseller with money on the balance (only resellers keep one), signed in. */
async function buyer(): Promise<string> {
  const { userId, token } = await t.signIn(Role.reseller);
  const email = (await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email!;
  const credited = await t.admin('balance', 'credit', email, '500', 'USD');
  expect(credited.code, credited.out).toBe(0);
  return token;
}

/** Creates an eSIM order and pays it from the balance (nothing is drained: the worker issues it). */
async function payEsim(token: string): Promise<string> {
  const sku = await t.sku('ESIM-GLOBAL-3');
  const created = await t.call('order', 'create', { items: [{ skuId: sku.id, quantity: 1, inputs: {} }] }, { token });
  expect(created.body.code, JSON.stringify(created.body)).toBe(0);
  const orderNo = created.body.data.orderNo;
  const paid = await t.call('order', 'pay', { orderNo, method: 'balance' }, { token });
  expect(paid.body.code, JSON.stringify(paid.body)).toBe(0);
  return orderNo;
}

/** Asks for a sign-up code for `account` from its own address (each address has its own limits). */
async function askCode(account: string, ip: string): Promise<void> {
  const res = await t.call('codeSend', 'send', { account, purpose: 'register', ...(await t.proof('register', { ip })) }, { ip });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
}

const orderStatus = async (orderNo: string, token: string) => (await t.call('order', 'detail', { orderNo }, { token })).body.data.status;

describe('a provider that hangs', () => {
  it('a tarpit SMTP server holding the sign-up code mails: a paid eSIM order is still issued in about a second', async () => {
    const sockets: Socket[] = [];
    // Accepts every connection and never says a word: nodemailer waits for a greeting.
    const tarpit = createTcpServer((socket) => void sockets.push(socket));
    const tarpitPort = await listening(tarpit);
    // The built-in SM-DP+ simulator answers on the test app's own port.
    const base = await t.listen();
    const worker = await startWorker({ ...t.config, mail: { ...t.config.mail, smtpUrl: `smtp://127.0.0.1:${tarpitPort}` }, smdp: { ...t.config.smdp, url: `${base}/smdp-sim`, simulator: false } });
    try {
      for (let i = 0; i < 12; i++) await askCode(`tarpit-${i}-${Date.now()}@example.com`, `198.51.100.${i + 1}`);
      // Every place the mail topic may take holds a mail the tarpit never answers.
      const mailPlaces = t.config.jobs.concurrency - 1;
      await expect.poll(() => inFlight('mail.send'), { timeout: 10_000, interval: 50 }).toBe(mailPlaces);
      await expect.poll(() => sockets.length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);

      // An earlier order's mails (its receipt, its eSIM) wait on the tarpit too: a second topic held.
      const token = await buyer();
      const earlier = await payEsim(token);
      await expect.poll(() => orderStatus(earlier, token), { timeout: 10_000, interval: 50 }).toBe('delivered');
      await expect.poll(() => inFlight('notification.send'), { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);

      const paidAt = Date.now();
      const orderNo = await payEsim(token);
      await expect.poll(() => orderStatus(orderNo, token), { timeout: ABOUT_A_SECOND * 2, interval: 50 }).toBe('delivered');
      expect(Date.now() - paidAt).toBeLessThan(ABOUT_A_SECOND);
      // The mails are still held: the eSIM went past them, not after them.
      expect(await inFlight('mail.send')).toBe(mailPlaces);
    } finally {
      for (const socket of sockets) socket.destroy();
      tarpit.close();
      await worker.shutdown();
    }
  });

  it('a silent SM-DP+ holding paid eSIM orders: a sign-up code is still mailed in about a second', async () => {
    const held: ServerResponse[] = [];
    // Reads every request and never answers it: the shop's call waits for its timeout.
    const silent = createHttpServer((_req, res) => void held.push(res));
    const smdpPort = await listening(silent);
    const worker = await startWorker({ ...t.config, smdp: { ...t.config.smdp, url: `http://127.0.0.1:${smdpPort}`, simulator: false } });
    try {
      const token = await buyer();
      for (let i = 0; i < 10; i++) await payEsim(token);
      const issuingPlaces = t.config.jobs.concurrency - 1;
      await expect.poll(() => held.length, { timeout: 10_000, interval: 50 }).toBe(issuingPlaces);

      const account = `silent-smdp-${Date.now()}@example.com`;
      const askedAt = Date.now();
      await askCode(account, '198.51.100.200');
      await expect.poll(() => sink.to(account).length, { timeout: ABOUT_A_SECOND * 2, interval: 50 }).toBe(1);
      expect(Date.now() - askedAt).toBeLessThan(ABOUT_A_SECOND);
      expect(sink.to(account)[0]!.text).toMatch(/\b\d{6}\b/);
      // The SM-DP+ still holds its calls: the mail went past them.
      expect(held.length).toBe(issuingPlaces);
      expect(await inFlight('order.fulfil')).toBe(issuingPlaces);
    } finally {
      for (const res of held) res.socket?.destroy();
      silent.closeAllConnections();
      silent.close();
      await worker.shutdown();
    }
  });
});
