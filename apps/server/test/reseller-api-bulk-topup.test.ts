import { BULK_ORDER_MAX_UNITS, serverErrors, type ApiBulkJob } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { expectProblem, resellerApiClient } from './reseller-api-helpers.ts';

/**
 * Bulk top-ups through POST /api/v1/bulk-orders with `kind: 'topup'`: data add-ons for many of
 * the reseller's eSIMs, priced and debited when accepted, each carried out by the worker as the
 * single top-up of POST /orders (its own add-on order, paid from the item's share); an eSIM that
 * is not the reseller's or that the package does not fit is a failed item with its reason, its
 * price credited back when the job ends. Cancelling one credits back what was not topped up.
 */
const t = useTestApp();
const api = resellerApiClient(t);
beforeAll(async () => {
  await t.listen();
});

/** A reseller with money, a key with the topup scope and `esims` eSIMs bought through the API. */
async function setUp(esims: number, usd = 1_000_000) {
  const r = await api.reseller(usd);
  const { secret } = await api.key(r.token, { scopes: ['read', 'order', 'topup'] });
  const res = await api.order(secret, `esims-${r.userId}`, { skuId: (await t.sku('ESIM-ASIA-5-7')).id, quantity: esims });
  expect(res.statusCode, res.body).toBe(201);
  const iccids = (res.json().esims as Array<{ iccid: string }>).map((e) => e.iccid);
  return { r, secret, iccids, balance: (await api.balanceOf(r.userId))! };
}
const bulk = (secret: string, key: string, body: Record<string, unknown>) => api.request('POST', '/bulk-orders', { secret, body, headers: { 'idempotency-key': key } });
const job = async (secret: string, id: string, lang?: string) => (await api.request('GET', `/bulk-orders/${id}`, { secret, ...(lang ? { lang } : {}) })).json() as ApiBulkJob;
const settled = async (secret: string, id: string) => {
  await expect.poll(async () => (await t.drain(), (await job(secret, id)).state), { timeout: 30_000 }).toMatch(/^(done|failed)$/);
  return job(secret, id);
};
const ledgerOf = (userId: number) => t.db.selectFrom('balance_ledger').select(['amount', 'reason']).where('user_id', '=', userId).orderBy('id').execute();
const addonOrdersOf = (userId: number) =>
  t.db.selectFrom('orders').innerJoin('order_items', 'order_items.order_id', 'orders.id').select(['orders.order_no', 'orders.total', 'orders.status']).where('orders.user_id', '=', userId).where('order_items.kind', '=', 'esim_addon').orderBy('orders.id').execute();
const jobCount = async (userId: number) => (await t.db.selectFrom('api_bulk_jobs').select('id').where('user_id', '=', userId).execute()).length;

describe('bulk top-ups', () => {
  it("tops up the reseller's eSIMs in the background; eSIMs not theirs or that the package does not fit fail with their reason, credited back", async () => {
    const { r, secret, iccids, balance } = await setUp(3);
    const other = await setUp(1);
    const asia = (await t.sku('ADDON-ASIA-1-3')).id;
    const global = (await t.sku('ADDON-GLOBAL-1-7')).id;
    const offer = (await api.request('GET', `/esims/${iccids[0]}/topups`, { secret })).json().items[0] as { skuId: number; price: number };
    expect(offer.skuId).toBe(asia);
    const items = [
      { iccid: iccids[0], skuId: asia, expectedPrice: offer.price },
      { iccid: other.iccids[0], skuId: asia },
      { iccid: iccids[1], skuId: asia },
      { iccid: iccids[2], skuId: global },
      { iccid: iccids[2], skuId: asia },
    ];
    const res = await bulk(secret, 'topups', { kind: 'topup', items });
    expect(res.statusCode, res.body).toBe(202);
    const accepted = res.json() as ApiBulkJob;
    const globalPrice = accepted.items[3]!.price;
    const amount = 4 * offer.price + globalPrice;
    expect(accepted).toMatchObject({ kind: 'topup', state: 'queued', skuId: null, unitPrice: null, quantity: 5, issued: 0, failed: 0, amount, orders: [] });
    expect(accepted.items.map((i) => [i.iccid, i.skuId, i.state])).toEqual(items.map((i) => [i.iccid, i.skuId, 'pending']));
    expect(await api.balanceOf(r.userId)).toBe(balance - amount);

    const done = await settled(secret, accepted.id);
    expect(done).toMatchObject({ state: 'done', issued: 3, failed: 2, refunded: offer.price + globalPrice, error: null });
    expect(done.items.map((i) => i.state)).toEqual(['done', 'failed', 'done', 'failed', 'done']);
    expect(done.items[1]!.error).toMatchObject({ code: serverErrors.esimNotFound.code, field: 'body.items.1', texts: { en: serverErrors.esimNotFound.en, 'zh-Hans': serverErrors.esimNotFound.zh } });
    expect(done.items[3]!.error).toMatchObject({ code: serverErrors.addonNotFit.code, field: 'body.items.3' });
    expect((await job(secret, accepted.id, 'zh-Hans')).items[3]!.error!.title).toBe(serverErrors.addonNotFit.zh);
    // Each top-up its own paid add-on order, going to the eSIM it named.
    const orders = await addonOrdersOf(r.userId);
    expect(orders.map((o) => o.order_no).sort()).toEqual(done.items.flatMap((i) => (i.orderNo ? [i.orderNo] : [])).sort());
    expect(orders.every((o) => Number(o.total) === offer.price)).toBe(true);
    const order = (await api.request('GET', `/orders/${done.items[4]!.orderNo}`, { secret })).json();
    expect(order.addonTargets).toEqual([expect.objectContaining({ iccid: iccids[2] })]);
    // Paid once: the orders from the amount, the failed items back in one line.
    expect(await api.balanceOf(r.userId)).toBe(balance - 3 * offer.price);
    expect((await ledgerOf(r.userId)).at(-1)).toMatchObject({ amount: offer.price + globalPrice, reason: `bulk ${accepted.id} refund` });
    expect(await addonOrdersOf(other.r.userId)).toHaveLength(0);
  });

  it('ends failed, everything credited back, when no item can be topped up', async () => {
    const { r, secret, balance } = await setUp(1);
    const other = await setUp(1);
    const res = await bulk(secret, 'none', { kind: 'topup', items: [{ iccid: other.iccids[0], skuId: (await t.sku('ADDON-ASIA-1-3')).id }] });
    expect(res.statusCode, res.body).toBe(202);
    const done = await settled(secret, res.json().id);
    expect(done).toMatchObject({ state: 'failed', issued: 0, failed: 1, refunded: done.amount });
    expect(await api.balanceOf(r.userId)).toBe(balance);
  });

  it('refuses a key without the topup scope, a SKU that is no top-up, a moved price, too many items, a bad ICCID and too little balance: nothing written', async () => {
    const { r, secret, iccids, balance } = await setUp(1);
    const asia = (await t.sku('ADDON-ASIA-1-3')).id;
    const orderOnly = (await api.key(r.token, { scopes: ['read', 'order'], name: 'order only' })).secret;
    expect(expectProblem(await bulk(orderOnly, 'scope', { kind: 'topup', items: [{ iccid: iccids[0], skuId: asia }] }), serverErrors.apiKeyScope).title).toContain('"topup"');
    const ecode = (await t.sku('ECODE-QPE')).id;
    expect(expectProblem(await bulk(secret, 'kind', { kind: 'topup', items: [{ iccid: iccids[0], skuId: asia }, { iccid: iccids[0], skuId: ecode }] }), serverErrors.apiOrderKindUnsupported).field).toBe('body.items.1.skuId');
    expect(expectProblem(await bulk(secret, 'unknown', { kind: 'topup', items: [{ iccid: iccids[0], skuId: 999_999 }] }), serverErrors.productNotFound).field).toBe('body.items.0.skuId');
    expect(expectProblem(await bulk(secret, 'moved', { kind: 'topup', items: [{ iccid: iccids[0], skuId: asia, expectedPrice: 1 }] }), serverErrors.priceChanged).field).toBe('body.items.0.expectedPrice');
    const many = Array.from({ length: BULK_ORDER_MAX_UNITS + 1 }, () => ({ iccid: iccids[0], skuId: asia }));
    expect(expectProblem(await bulk(secret, 'many', { kind: 'topup', items: many }), serverErrors.paramInvalid).field).toBe('body.items');
    expect(expectProblem(await bulk(secret, 'empty', { kind: 'topup', items: [] }), serverErrors.paramInvalid).field).toBe('body.items');
    expect(expectProblem(await bulk(secret, 'iccid', { kind: 'topup', items: [{ iccid: '12ab', skuId: asia }] }), serverErrors.paramInvalid).field).toBe('body.items.0.iccid');
    const poor = await setUp(1, 30_000);
    const lots = Array.from({ length: 500 }, () => ({ iccid: poor.iccids[0], skuId: asia }));
    expectProblem(await bulk(poor.secret, 'poor', { kind: 'topup', items: lots }), serverErrors.balanceInsufficient);
    expect(await jobCount(poor.r.userId)).toBe(0);
    expect(await api.balanceOf(poor.r.userId)).toBe(poor.balance);
    expect(await jobCount(r.userId)).toBe(0);
    expect(await api.balanceOf(r.userId)).toBe(balance);
  });

  it("the same Idempotency-Key answers the same job; another reseller's top-up job is not found", async () => {
    const { secret, iccids } = await setUp(1);
    const body = { kind: 'topup', items: [{ iccid: iccids[0], skuId: (await t.sku('ADDON-ASIA-1-3')).id }] };
    const first = await bulk(secret, 'again', body);
    const second = await bulk(secret, 'again', body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    const other = await setUp(1);
    expectProblem(await api.request('GET', `/bulk-orders/${first.json().id}`, { secret: other.secret }), serverErrors.notFound);
    expectProblem(await api.request('POST', `/bulk-orders/${first.json().id}/cancel`, { secret: other.secret }), serverErrors.notFound);
    expect((await job(secret, first.json().id)).state).toBe('queued');
  });

  it('a cancel while the worker tops up: each item is topped up or credited back, exactly once', async () => {
    const { r, secret, iccids, balance } = await setUp(2);
    const asia = (await t.sku('ADDON-ASIA-1-3')).id;
    const items = Array.from({ length: 40 }, (_, i) => ({ iccid: iccids[i % 2], skuId: asia }));
    const res = await bulk(secret, 'race', { kind: 'topup', items });
    expect(res.statusCode, res.body).toBe(202);
    const { id, amount } = res.json() as ApiBulkJob;
    const worker = t.drain();
    await expect.poll(async () => (await t.db.selectFrom('api_bulk_jobs').select('issued').where('id', '=', id).executeTakeFirstOrThrow()).issued, { timeout: 30_000, interval: 5 }).toBeGreaterThan(0);
    const cancelled = await api.request('POST', `/bulk-orders/${id}/cancel`, { secret });
    await worker;
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const done = await job(secret, id);
    expect(done.state).toBe('cancelled');
    expect(done.issued).toBeGreaterThan(0);
    expect(done.items.filter((i) => i.state === 'done')).toHaveLength(done.issued);
    expect(done.items.filter((i) => i.state === 'cancelled')).toHaveLength(40 - done.issued);
    const ordered = (await addonOrdersOf(r.userId)).reduce((sum, o) => sum + Number(o.total), 0);
    const credited = (await ledgerOf(r.userId)).filter((l) => l.reason === `bulk ${id} cancelled`).reduce((sum, l) => sum + Number(l.amount), 0);
    expect(ordered + credited).toBe(amount);
    expect(credited).toBe(done.refunded);
    expect(await api.balanceOf(r.userId)).toBe(balance - ordered);
  });

  it('is in the served OpenAPI document: the body is units or top-ups', async () => {
    const doc = (await api.request('GET', '/openapi.json')).json();
    const resolve = (schema: { $ref?: string }) => (schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema);
    const body = resolve(doc.paths['/api/v1/bulk-orders'].post.requestBody.content['application/json'].schema);
    expect(body.oneOf.map((option: { properties: { kind: { const: string } } }) => option.properties.kind.const)).toEqual(['units', 'topup']);
  });
});
