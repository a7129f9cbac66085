import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serverErrors, type ApiBulkJob } from '@simshop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { expectProblem, resellerApiClient } from './reseller-api-helpers.ts';

/**
 * Bulk orders through /api/v1: accepted at once with the whole amount debited, carried out by
 * the outbox as orders of at most 500 units, announced by the bulk_job.done webhook; refused
 * with nothing written when the balance does not cover them, however many arrive at once.
 * ECODE-QPE: 500 a unit, 350 wholesale from 50 units; its stock is 10,000 for the whole file.
 */
const t = useTestApp();
const api = resellerApiClient(t);
const WHOLESALE = 350;

/** A receiver of webhooks on a free port: what it was sent, by path. */
let receiver: Server;
let base = '';
const received: { path: string; body: string }[] = [];
beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const skuId = async () => (await t.sku('ECODE-QPE')).id;
const bulk = (secret: string, key: string | null, body: Record<string, unknown>) =>
  api.request('POST', '/bulk-orders', { secret, body, headers: key === null ? {} : { 'idempotency-key': key } });
const job = async (secret: string, id: string) => {
  const res = await api.request('GET', `/bulk-orders/${id}`, { secret });
  expect(res.statusCode).toBe(200);
  return res.json() as ApiBulkJob;
};
/** The job once the worker has run what is queued (the bulk job, then the webhook deliveries it queued). */
const settled = async (secret: string, id: string) => {
  await expect.poll(async () => (await t.drain(), (await job(secret, id)).state), { timeout: 30_000 }).toMatch(/^(done|failed)$/);
  return job(secret, id);
};
const jobRows = (userId: number) => t.db.selectFrom('api_bulk_jobs').selectAll().where('user_id', '=', userId).execute();
const ledgerOf = (userId: number) => t.db.selectFrom('balance_ledger').select(['amount', 'balance_after', 'reason']).where('user_id', '=', userId).orderBy('id').execute();

describe('bulk orders', () => {
  it('accepts at once, debits the whole amount, orders the units in the background and tells the webhook when done', async () => {
    const r = await api.reseller(1_000_000);
    const { secret } = await api.key(r.token);
    const hook = await t.call('webhook', 'create', { url: `${base}/bulk-done`, description: 'ERP', events: ['bulk_job.done'] }, { token: r.token });
    expect(hook.body.code).toBe(0);
    const res = await bulk(secret, 'bulk-1', { skuId: await skuId(), quantity: 1200, expectedPrice: WHOLESALE });
    expect(res.statusCode).toBe(202);
    const accepted = res.json() as ApiBulkJob;
    expect(accepted).toMatchObject({ state: 'queued', quantity: 1200, issued: 0, failed: 0, unitPrice: WHOLESALE, amount: 1200 * WHOLESALE, orders: [], error: null, finishedAt: null });
    // The whole amount left the balance with the acceptance; nothing was ordered yet.
    expect(await api.balanceOf(r.userId)).toBe(1_000_000 - 1200 * WHOLESALE);
    expect(await api.ordersOf(r.userId)).toHaveLength(0);
    expect((await job(secret, accepted.id)).state).toBe('queued');

    const done = await settled(secret, accepted.id);
    expect(done).toMatchObject({ state: 'done', issued: 1200, failed: 0, refunded: 0, error: null });
    expect(done.finishedAt).not.toBeNull();
    // 1200 units as three orders of 400, each with its ECodes.
    expect(done.orders.map((o) => o.quantity)).toEqual([400, 400, 400]);
    const orders = await api.ordersOf(r.userId);
    expect(orders.map((o) => o.order_no)).toEqual(done.orders.map((o) => o.orderNo));
    expect(orders.every((o) => o.total === 400 * WHOLESALE)).toBe(true);
    expect(await api.ecodesOf(r.userId)).toHaveLength(1200);
    const page = await api.request('GET', done.orders[0]!.ecodes.replace('/api/v1', ''), { secret });
    expect(page.statusCode).toBe(200);
    expect(page.json().items).toHaveLength(20);
    // The balance paid once: each order's share went back and paid it; the ledger adds up.
    expect(await api.balanceOf(r.userId)).toBe(1_000_000 - 1200 * WHOLESALE);
    let running = 0;
    for (const row of await ledgerOf(r.userId)) expect(row.balance_after).toBe((running += row.amount));
    await expect.poll(async () => (await t.drain(), received.filter((m) => m.path === '/bulk-done').length)).toBe(1);
    const event = JSON.parse(received.find((m) => m.path === '/bulk-done')!.body) as { type: string; data: unknown };
    expect(event).toMatchObject({ type: 'bulk_job.done', data: { jobId: accepted.id, orderNo: null, done: 1200, failed: 0 } });
  });

  it('reports the progress of a job that could order only part: the rest is refunded and the error says why', async () => {
    const r = await api.reseller(1_000_000);
    const { secret } = await api.key(r.token);
    const sku = await t.sku('ECODE-QPE');
    const res = await bulk(secret, 'part', { skuId: sku.id, quantity: 1000 });
    expect(res.statusCode).toBe(202);
    const { id } = res.json() as ApiBulkJob;
    // Sold elsewhere after the job was accepted: stock for the first order of 500 only.
    await t.db.updateTable('product_skus').set({ stock: 600 }).where('id', '=', sku.id).execute();
    try {
      const done = await settled(secret, id);
      expect(done).toMatchObject({ state: 'done', quantity: 1000, issued: 500, failed: 500, refunded: 500 * WHOLESALE });
      expect(done.orders.map((o) => o.quantity)).toEqual([500]);
      expect(done.error).toMatchObject({ code: serverErrors.stockInsufficient.code, i18n: serverErrors.stockInsufficient.i18n });
      expect(await api.ecodesOf(r.userId)).toHaveLength(500);
      expect(await api.balanceOf(r.userId)).toBe(1_000_000 - 500 * WHOLESALE);
      expect((await ledgerOf(r.userId)).at(-1)).toMatchObject({ amount: 500 * WHOLESALE, reason: `bulk ${id} refund` });
    } finally {
      await t.db.updateTable('product_skus').set({ stock: sku.stock }).where('id', '=', sku.id).execute();
    }
  });

  it('the same Idempotency-Key answers the same job; another body with it is refused (409)', async () => {
    const r = await api.reseller(1_000_000);
    const { secret } = await api.key(r.token);
    const body = { skuId: await skuId(), quantity: 60 };
    const first = await bulk(secret, 'again', body);
    const second = await bulk(secret, 'again', body);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    expectProblem(await bulk(secret, 'again', { ...body, quantity: 61 }), serverErrors.idempotencyKeyReused);
    expectProblem(await bulk(secret, null, body), serverErrors.idempotencyKeyMissing);
    expect(await jobRows(r.userId)).toHaveLength(1);
    expect(await api.balanceOf(r.userId)).toBe(1_000_000 - 60 * WHOLESALE);
  });

  it('refuses what the balance does not cover, a moved price, too many units and the wrong scope, with nothing written', async () => {
    const r = await api.reseller(100 * WHOLESALE - 1);
    const { secret } = await api.key(r.token);
    const id = await skuId();
    expectProblem(await bulk(secret, 'poor', { skuId: id, quantity: 100 }), serverErrors.balanceInsufficient);
    expectProblem(await bulk(secret, 'moved', { skuId: id, quantity: 60, expectedPrice: WHOLESALE + 1 }), serverErrors.priceChanged);
    expect(expectProblem(await bulk(secret, 'many', { skuId: id, quantity: 10_001 }), serverErrors.paramInvalid).field).toBe('body.quantity');
    const reader = await api.key(r.token, { scopes: ['read'], name: 'reader' });
    expectProblem(await bulk(reader.secret, 'scope', { skuId: id, quantity: 60 }), serverErrors.apiKeyScope);
    expect(await jobRows(r.userId)).toHaveLength(0);
    expect(await ledgerOf(r.userId)).toHaveLength(1);
    expect(await api.balanceOf(r.userId)).toBe(100 * WHOLESALE - 1);
    // The refused key is free for a new request.
    expect((await bulk(secret, 'poor', { skuId: id, quantity: 60 })).statusCode).toBe(202);
  });

  it("counts the whole amount against the day's API spend limit when accepted: over it, refused with nothing written", async () => {
    const r = await api.reseller(1_000_000);
    const { secret } = await api.key(r.token);
    const id = await skuId();
    expect((await t.call('apiKey', 'set_spend_limit', { currency: 'USD', dailyLimit: 100 * WHOLESALE }, { token: r.token })).body.code).toBe(0);
    const within = await bulk(secret, 'within', { skuId: id, quantity: 60 });
    expect(within.statusCode, within.body).toBe(202);
    expectProblem(await bulk(secret, 'over', { skuId: id, quantity: 41 }), serverErrors.apiSpendLimitReached);
    expect(await jobRows(r.userId)).toHaveLength(1);
    expect(await api.balanceOf(r.userId)).toBe(1_000_000 - 60 * WHOLESALE);
  });

  it("another reseller's job is not found", async () => {
    const owner = await api.reseller(1_000_000);
    const other = await api.reseller();
    const res = await bulk((await api.key(owner.token)).secret, 'mine', { skuId: await skuId(), quantity: 50 });
    const { id } = res.json() as ApiBulkJob;
    const theirs = (await api.key(other.token)).secret;
    expectProblem(await api.request('GET', `/bulk-orders/${id}`, { secret: theirs }), serverErrors.notFound);
    expectProblem(await api.request('GET', '/bulk-orders/bulk_AAAAAAAAAAAAAAAAAAAAAA', { secret: theirs }), serverErrors.notFound);
  });

  it('is in the served OpenAPI document: accepted with 202, the order scope and the Idempotency-Key', async () => {
    const doc = (await api.request('GET', '/openapi.json')).json();
    const create = doc.paths['/api/v1/bulk-orders'].post;
    expect(create).toMatchObject({ operationId: 'createBulkOrder', 'x-scope': 'order' });
    expect(Object.keys(create.responses)).toContain('202');
    expect(create.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }));
    expect(doc.paths['/api/v1/bulk-orders/{id}'].get).toMatchObject({ operationId: 'bulkOrder', 'x-scope': 'read' });
  });

  it('jobs sent at once against a balance that covers only some: exactly those are accepted and carried out', async () => {
    const r = await api.reseller(2 * 100 * WHOLESALE + 99);
    const secrets = [];
    for (let i = 0; i < 5; i++) secrets.push((await api.key(r.token, { name: `k${i}` })).secret);
    const id = await skuId();
    const answers = await Promise.all(secrets.map((secret, i) => bulk(secret, `race-${i}`, { skuId: id, quantity: 100 })));
    const accepted = answers.filter((a) => a.statusCode === 202);
    expect(accepted).toHaveLength(2);
    for (const a of answers.filter((x) => x.statusCode !== 202)) expectProblem(a, serverErrors.balanceInsufficient);
    expect(await jobRows(r.userId)).toHaveLength(2);
    for (const a of accepted) expect((await settled(secrets[0]!, a.json().id)).issued).toBe(100);
    expect(await api.ecodesOf(r.userId)).toHaveLength(200);
    expect(await api.balanceOf(r.userId)).toBe(99);
  });
});
