import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ApiBulkJob } from '@simshop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox } from '../src/jobs/outbox.ts';
import { SANDBOX_CREDIT_REASON, SANDBOX_PLAY_BALANCE } from '../src/modules/sandbox/sandbox-mirror.service.ts';
import { SANDBOX_SMDP_ADDRESS } from '../src/modules/sandbox/sandbox-plane.ts';
import { useTestApp } from './harness.ts';
import { resellerApiClient } from './reseller-api-helpers.ts';

/**
 * Test keys run against the sandbox, a database of its own with the live catalogue copied in:
 * orders are paid with play money, ECodes are stocked for the order, eSIMs come from the
 * simulated SM-DP+, bulk jobs run on the sandbox's outbox; nothing reaches the live database,
 * anybody's mailbox or a webhook endpoint, and each key reads only its own plane.
 * ECODE-QPE: 500 a unit, 350 wholesale from 50 units.
 */
const t = useTestApp();
const api = resellerApiClient(t);
const ECODE_PRICE = 500;
const WHOLESALE = 350;

/** A receiver of webhooks on a free port: what it was sent. */
let receiver: Server;
let base = '';
const received: string[] = [];
beforeAll(async () => {
  receiver = createServer((req, res) => {
    received.push(req.url ?? '/');
    res.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const ecodeSku = async () => (await t.sku('ECODE-QPE')).id;
const sandboxDb = async () => (await t.sandbox()).db;
/** Runs what the sandbox's outbox holds, as its worker would. */
const drainSandbox = async () => {
  const plane = await t.sandbox();
  return drainOutbox(plane.db, plane.outboxHandlers);
};

/** A reseller with a live balance, a live key and a test key. */
async function setUp(usd = 10_000) {
  const r = await api.reseller(usd);
  const live = (await api.key(r.token)).secret;
  const test = (await api.key(r.token, { mode: 'test' })).secret;
  return { r, live, test };
}

const sandboxBalance = async (userId: number, currency = 'USD') =>
  (await (await sandboxDb()).selectFrom('balances').select('amount').where('user_id', '=', userId).where('currency', '=', currency as 'USD').executeTakeFirst())?.amount ?? null;
const sandboxOrders = async (userId: number) => (await sandboxDb()).selectFrom('orders').select(['order_no', 'total']).where('user_id', '=', userId).execute();
const get = async (secret: string, path: string) => {
  const res = await api.request('GET', path, { secret });
  return { status: res.statusCode, body: res.statusCode < 300 ? res.json() : null };
};
const bulkJob = async (secret: string, id: string) => (await get(secret, `/bulk-orders/${id}`)).body as ApiBulkJob;
/** A sandbox bulk job once the sandbox's worker has run it. */
const settledInSandbox = async (secret: string, id: string) => {
  await expect.poll(async () => (await drainSandbox(), (await bulkJob(secret, id)).state), { timeout: 30_000 }).toMatch(/^(done|failed)$/);
  return bulkJob(secret, id);
};

describe('the sandbox of test keys', () => {
  it('orders an ECode with play money: a code, the live database and balance untouched, the key use recorded live', async () => {
    const { r, test } = await setUp(10_000);
    const res = await api.order(test, 'sb-1', { skuId: await ecodeSku(), quantity: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ total: ECODE_PRICE, currency: 'USD', payMethod: 'balance' });
    expect(order.ecodes).toHaveLength(1);
    expect(order.ecodes[0].code).toMatch(/^TEST\d{8}$/);
    expect(await api.ordersOf(r.userId)).toEqual([]);
    expect(await api.ecodesOf(r.userId)).toEqual([]);
    expect(await api.balanceOf(r.userId)).toBe(10_000);
    expect(await t.db.selectFrom('api_idempotency').select('idem_key').where('user_id', '=', r.userId).execute()).toEqual([]);
    // The play balance: credited once in each currency, the order paid from it.
    expect(await sandboxBalance(r.userId)).toBe(SANDBOX_PLAY_BALANCE - ECODE_PRICE);
    expect(await sandboxBalance(r.userId, 'CNY')).toBe(SANDBOX_PLAY_BALANCE);
    const credits = await (await sandboxDb()).selectFrom('balance_ledger').select(['amount', 'reason']).where('user_id', '=', r.userId).where('amount', '>', 0).execute();
    expect(credits).toEqual([
      { amount: SANDBOX_PLAY_BALANCE, reason: SANDBOX_CREDIT_REASON },
      { amount: SANDBOX_PLAY_BALANCE, reason: SANDBOX_CREDIT_REASON },
    ]);
    expect(await sandboxOrders(r.userId)).toEqual([{ order_no: order.orderNo, total: ECODE_PRICE }]);
    // Authentication and the rate limit stay live: the key's use is recorded there.
    const key = await t.db.selectFrom('api_keys').select('last_used_at').where('user_id', '=', r.userId).where('mode', '=', 'test').executeTakeFirstOrThrow();
    expect(key.last_used_at).not.toBeNull();
  });

  it("reads each key's own plane: orders, ECodes, balance and ledger", async () => {
    const { live, test } = await setUp(10_000);
    const sku = await ecodeSku();
    const inSandbox = (await api.order(test, 'both-1', { skuId: sku, quantity: 1 })).json();
    const inLive = (await api.order(live, 'both-1', { skuId: sku, quantity: 1 })).json();
    // A play code in the sandbox, a live one live.
    expect([inSandbox.ecodes[0].code, inLive.ecodes[0].code]).toEqual([expect.stringMatching(/^TEST\d{8}$/), expect.stringMatching(/^JT\d{10}$/)]);
    expect((await get(test, `/orders/${inSandbox.orderNo}`)).body).toMatchObject({ orderNo: inSandbox.orderNo, ecodes: inSandbox.ecodes });
    expect((await get(live, `/orders/${inLive.orderNo}`)).body).toMatchObject({ orderNo: inLive.orderNo, ecodes: inLive.ecodes });
    expect((await get(live, `/orders/${inSandbox.orderNo}`)).status).toBe(404);
    expect((await get(test, `/orders/${inLive.orderNo}`)).status).toBe(404);
    const codes = async (secret: string) => (await get(secret, '/ecodes?limit=50')).body.items.map((c: { code: string }) => c.code);
    expect(await codes(test)).toEqual(inSandbox.ecodes.map((c: { code: string }) => c.code));
    expect(await codes(live)).toEqual(inLive.ecodes.map((c: { code: string }) => c.code));
    expect((await get(live, '/balance')).body).toEqual({ items: [{ currency: 'USD', amount: 10_000 - ECODE_PRICE, locked: false }] });
    expect((await get(test, '/balance')).body.items).toEqual(
      expect.arrayContaining([
        { currency: 'USD', amount: SANDBOX_PLAY_BALANCE - ECODE_PRICE, locked: false },
        { currency: 'CNY', amount: SANDBOX_PLAY_BALANCE, locked: false },
      ]),
    );
    const amounts = async (secret: string) => (await get(secret, '/ledger?limit=10')).body.items.map((e: { amount: number }) => e.amount).sort((a: number, b: number) => a - b);
    expect(await amounts(live)).toEqual([-ECODE_PRICE, 10_000]);
    expect(await amounts(test)).toEqual([-ECODE_PRICE, SANDBOX_PLAY_BALANCE, SANDBOX_PLAY_BALANCE]);
  });

  it('gives out eSIMs from the simulated SM-DP+ once the sandbox outbox has run, pool products included', async () => {
    const { r, test } = await setUp();
    for (const code of ['ESIM-GLOBAL-3', 'ESIM-ASIA-5-7']) {
      const res = await api.order(test, `esim-${code}`, { skuId: (await t.sku(code)).id, quantity: 1 });
      expect(res.statusCode, res.body).toBe(201);
      await drainSandbox();
      const order = (await get(test, `/orders/${res.json().orderNo}`)).body;
      expect(order.esims).toHaveLength(1);
      const iccid = order.esims[0].iccid as string;
      expect(iccid).toMatch(/^8985200\d{13}$/);
      const esim = await get(test, `/esims/${iccid}`);
      expect(esim.status).toBe(200);
      expect(esim.body.lpa).toMatch(new RegExp(`^LPA:1\\$${SANDBOX_SMDP_ADDRESS.replace(/\./g, '\\.')}\\$`));
    }
    const liveEsims = await t.db.selectFrom('esims').select('id').where('user_id', '=', r.userId).execute();
    expect(liveEsims).toEqual([]);
  });

  it('makes one order of the same Idempotency-Key sent twice', async () => {
    const { r, test } = await setUp();
    const body = { skuId: await ecodeSku(), quantity: 2 };
    const first = await api.order(test, 'twice', body);
    const again = await api.order(test, 'twice', body);
    expect(first.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await sandboxOrders(r.userId)).toHaveLength(1);
    expect(await sandboxBalance(r.userId)).toBe(SANDBOX_PLAY_BALANCE - 2 * ECODE_PRICE);
  });

  it('shows a price changed in the live catalogue on the next request', async () => {
    const { test } = await setUp();
    const sku = await t.sku('ESIM-ASIA-10-30');
    const priceOf = async () => {
      const items = (await get(test, '/catalogue?kind=esim&size=50')).body.items as Array<{ skus: Array<{ id: number; price: number; wholesalePrice: number | null }> }>;
      return items.flatMap((p) => p.skus).find((s) => s.id === sku.id)!;
    };
    const before = await priceOf();
    await t.db.updateTable('product_skus').set({ price: before.price + 100, wholesale_price: (before.wholesalePrice ?? before.price) + 100 }).where('id', '=', sku.id).execute();
    const after = await priceOf();
    expect(after).toMatchObject({ price: before.price + 100, wholesalePrice: (before.wholesalePrice ?? before.price) + 100 });
    // Ordered at the new price, guarded by it.
    const res = await api.order(test, 'new-price', { skuId: sku.id, quantity: 1, expectedPrice: after.price });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('runs a bulk order of 50 ECodes on its own outbox, the SKU stocked with play codes first', async () => {
    const { r, test } = await setUp();
    const sku = await ecodeSku();
    // The sandbox has fewer codes left than the job asks: it stocks the SKU before accepting it.
    await get(test, '/balance');
    await (await sandboxDb()).updateTable('product_skus').set({ stock: 3 }).where('id', '=', sku).execute();
    const res = await api.request('POST', '/bulk-orders', { secret: test, body: { skuId: sku, quantity: 50, expectedPrice: WHOLESALE }, headers: { 'idempotency-key': 'sb-bulk' } });
    expect(res.statusCode, res.body).toBe(202);
    const done = await settledInSandbox(test, res.json().id);
    expect(done).toMatchObject({ state: 'done', issued: 50, failed: 0, amount: 50 * WHOLESALE });
    const codes = await (await sandboxDb()).selectFrom('ecodes').select('code').where('user_id', '=', r.userId).execute();
    expect(codes).toHaveLength(50);
    expect(codes.every((c) => /^TEST\d{8}$/.test(c.code))).toBe(true);
    expect(await sandboxBalance(r.userId)).toBe(SANDBOX_PLAY_BALANCE - 50 * WHOLESALE);
    expect(await t.db.selectFrom('api_bulk_jobs').select('id').where('user_id', '=', r.userId).execute()).toEqual([]);
    expect(await api.ecodesOf(r.userId)).toEqual([]);
  });

  it('sends no mail and no webhook, even to an endpoint the reseller registered live', async () => {
    const { r, test } = await setUp();
    const hook = await t.call('webhook', 'create', { url: `${base}/sandbox`, description: 'ERP', events: ['order.completed', 'bulk_job.done'] }, { token: r.token });
    expect(hook.body.code).toBe(0);
    const { email } = await t.db.selectFrom('users').select('email').where('id', '=', r.userId).executeTakeFirstOrThrow();
    /** The mails written for the reseller in a mail folder (the one the tests read, or the sandbox's own). */
    const mailTo = (dir: string) => {
      let files: string[] = [];
      try {
        files = readdirSync(dir);
      } catch {
        return [];
      }
      return files.filter((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string }).to === email).sort();
    };
    // What the live shop sent before (about the new keys and the endpoint, if anything).
    await t.drain();
    const liveMails = mailTo(join(t.config.dataDir, 'outbox', 'mail'));

    expect((await api.order(test, 'quiet-1', { skuId: await ecodeSku(), quantity: 1 })).statusCode).toBe(201);
    expect((await api.order(test, 'quiet-2', { skuId: (await t.sku('ESIM-GLOBAL-3')).id, quantity: 1 })).statusCode).toBe(201);
    const bulk = await api.request('POST', '/bulk-orders', { secret: test, body: { skuId: await ecodeSku(), quantity: 50 }, headers: { 'idempotency-key': 'quiet-3' } });
    expect(bulk.statusCode, bulk.body).toBe(202);
    expect((await settledInSandbox(test, bulk.json().id)).state).toBe('done');
    await drainSandbox();
    await t.drain();
    expect(received).toEqual([]);
    // The sandbox did queue its messages (the order's notice): they were dropped, not sent.
    const queued = await (await sandboxDb()).selectFrom('outbox').select(['topic', 'done_at']).where('topic', 'in', ['mail.send', 'notification.send', 'webhook.deliver']).execute();
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.every((job) => job.done_at !== null)).toBe(true);
    expect(await (await sandboxDb()).selectFrom('webhook_deliveries').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('webhook_deliveries').select('id').execute()).toEqual([]);
    expect(mailTo(join(t.config.dataDir, 'outbox', 'mail'))).toEqual(liveMails);
    expect(mailTo(join(t.config.dataDir, 'sandbox', 'outbox', 'mail'))).toEqual([]);
  });
  it("tops up a sandbox eSIM and refunds an unused one with play money; the live balance and eSIMs untouched", async () => {
    const r = await api.reseller(10_000);
    const { secret } = await api.key(r.token, { mode: 'test', scopes: ['read', 'order', 'topup', 'refund'] });
    const bought = await api.order(secret, 'sb-esims', { skuId: (await t.sku('ESIM-ASIA-5-7')).id, quantity: 2 });
    expect(bought.statusCode, bought.body).toBe(201);
    await drainSandbox();
    const order = (await get(secret, `/orders/${bought.json().orderNo}`)).body as { orderNo: string; total: number; esims: Array<{ iccid: string }> };
    expect(order.esims).toHaveLength(2);
    // A top-up of the first, at the price the sandbox offers it.
    const offer = (await get(secret, `/esims/${order.esims[0]!.iccid}/topups`)).body.items[0] as { skuId: number; price: number };
    expect(offer.skuId).toBe((await t.sku('ADDON-ASIA-1-3')).id);
    const before = (await sandboxBalance(r.userId))!;
    const topup = await api.order(secret, 'sb-topup', { skuId: offer.skuId, quantity: 1, iccid: order.esims[0]!.iccid, expectedPrice: offer.price });
    expect(topup.statusCode, topup.body).toBe(201);
    expect(await sandboxBalance(r.userId)).toBe(before - offer.price);
    // The eSIM order refunded: never installed, so all of it, back to the play balance.
    const refund = await api.request('POST', `/orders/${order.orderNo}/refund`, { secret, headers: { 'idempotency-key': 'sb-refund' } });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ orderNo: order.orderNo, refundAmount: expect.any(Number) });
    expect(await sandboxBalance(r.userId)).toBe(before - offer.price + (refund.json() as { refundAmount: number }).refundAmount);
    expect(await api.balanceOf(r.userId)).toBe(10_000);
    expect(await t.db.selectFrom('esims').select('id').where('user_id', '=', r.userId).execute()).toEqual([]);
  });
});
