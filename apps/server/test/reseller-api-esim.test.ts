import { serverErrors } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { expectProblem, resellerApiClient } from './reseller-api-helpers.ts';

/**
 * The reseller API's eSIMs: eSIM and top-up orders through POST /orders (paid from the balance,
 * issued as the shop issues them), the reseller's eSIMs by ICCID with their QR; every refusal a
 * problem of the catalogue with nothing written, another reseller's eSIM not found.
 */
const t = useTestApp();
const api = resellerApiClient(t);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
beforeAll(async () => {
  await t.listen();
});

/** A reseller with money, a key of every scope this file uses, and the SKUs' prices as the catalogue gives them. */
async function setUp(usd = 100_000, scopes: Array<'read' | 'order' | 'topup' | 'refund'> = ['read', 'order', 'topup']) {
  const r = await api.reseller(usd);
  const { secret } = await api.key(r.token, { scopes });
  return { r, secret };
}

const counts = async (userId: number) => ({
  orders: (await api.ordersOf(userId)).length,
  esims: Number((await t.db.selectFrom('esims').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n),
  addons: Number((await t.db.selectFrom('esim_addons').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n),
  balance: await api.balanceOf(userId),
});

async function esimOrder(secret: string, key: string, quantity = 1) {
  const skuId = (await t.sku('ESIM-ASIA-5-7')).id;
  const res = await api.order(secret, key, { skuId, quantity });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('eSIM orders', () => {
  it('buys pool eSIMs from the balance at the catalogue price: paid, delivered, the eSIMs issued to the reseller', async () => {
    const { r, secret } = await setUp(100_000);
    const catalogue = (await api.request('GET', '/catalogue?kind=esim&size=50', { secret })).json();
    const skuId = (await t.sku('ESIM-ASIA-5-7')).id;
    const sku = catalogue.items.flatMap((p: { skus: Array<{ id: number; price: number }> }) => p.skus).find((s: { id: number }) => s.id === skuId);
    const res = await api.order(secret, 'esim-1', { skuId, quantity: 2, expectedPrice: sku.price });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ status: 'delivered', total: 2 * sku.price, currency: 'USD', payMethod: 'balance' });
    expect(order.esims).toHaveLength(2);
    expect(order.esims.every((e: { iccid: string | null; installed: boolean }) => e.iccid !== null && !e.installed)).toBe(true);
    expect(await api.balanceOf(r.userId)).toBe(100_000 - 2 * sku.price);
    // The same key and body: the first answer, no second order.
    const again = await api.order(secret, 'esim-1', { skuId, quantity: 2, expectedPrice: sku.price });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(order);
    expect(await counts(r.userId)).toMatchObject({ orders: 1, esims: 2 });
  });

  it('refuses a moved price, an add-on without its eSIM, too little balance, a bad ICCID: nothing written', async () => {
    const { r, secret } = await setUp(1);
    const skuId = (await t.sku('ESIM-ASIA-5-7')).id;
    const before = await counts(r.userId);
    expect(expectProblem(await api.order(secret, 'r-1', { skuId, quantity: 1, expectedPrice: 1 }), serverErrors.priceChanged).field).toBe('body.expectedPrice');
    expectProblem(await api.order(secret, 'r-2', { skuId, quantity: 1 }), serverErrors.balanceInsufficient);
    const addon = (await t.sku('ADDON-ASIA-1-3')).id;
    expect(expectProblem(await api.order(secret, 'r-3', { skuId: addon, quantity: 1 }), serverErrors.apiTopupNeedsIccid).field).toBe('body.iccid');
    expect(expectProblem(await api.order(secret, 'r-4', { skuId: addon, quantity: 1, iccid: '12345' }), serverErrors.paramInvalid).field).toBe('body.iccid');
    expect(await counts(r.userId)).toEqual(before);
    // A refused key is free for the request that works.
    expect((await t.db.selectFrom('api_idempotency').select('idem_key').where('user_id', '=', r.userId).execute()).length).toBe(0);
  });
});

describe('top-ups', () => {
  it("adds data to the reseller's eSIM named by ICCID: paid from the balance, delivered by the carrier to the same eSIM", async () => {
    const { r, secret } = await setUp(100_000);
    const bought = await esimOrder(secret, 'for-topup');
    const iccid = bought.esims[0].iccid as string;
    // The packages that fit it, at the reseller's price: the one ordered is one of them.
    const offers = (await api.request('GET', `/esims/${iccid}/topups`, { secret })).json().items;
    expect(offers.map((o: { dataMb: number; validityDays: number; currency: string }) => [o.dataMb, o.validityDays, o.currency])).toEqual([
      [1000, 3, 'USD'],
      [3000, 7, 'USD'],
    ]);
    const addon = (await t.sku('ADDON-ASIA-1-3')).id;
    expect(offers[0].skuId).toBe(addon);
    const before = await api.balanceOf(r.userId);
    const res = await api.order(secret, 'topup-1', { skuId: addon, quantity: 1, iccid, expectedPrice: offers[0].price });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order.items[0]).toMatchObject({ kind: 'esim_addon', quantity: 1 });
    expect(order.addonTargets).toEqual([expect.objectContaining({ iccid })]);
    expect(order.total).toBe(offers[0].price);
    expect(await api.balanceOf(r.userId)).toBe(before! - order.total);
    await t.drain();
    await expect.poll(async () => (await api.request('GET', `/orders/${order.orderNo}`, { secret })).json().status).toBe('delivered');
    const esim = (await api.request('GET', `/esims/${iccid}`, { secret })).json();
    expect(esim.packages.map((p: { kind: string }) => p.kind)).toEqual(['plan', 'addon']);
  });

  it("refuses another reseller's eSIM, a package that does not fit, more than one, and a key without the topup scope: nothing written", async () => {
    const owner = await setUp(100_000);
    const iccid = (await esimOrder(owner.secret, 'own')).esims[0].iccid as string;
    const other = await setUp(100_000);
    const addon = (await t.sku('ADDON-ASIA-1-3')).id;
    const before = await counts(other.r.userId);
    expect(expectProblem(await api.order(other.secret, 't-1', { skuId: addon, quantity: 1, iccid }), serverErrors.esimNotFound).field).toBe('body.iccid');
    const ownBefore = await counts(owner.r.userId);
    expectProblem(await api.order(owner.secret, 't-2', { skuId: (await t.sku('ADDON-GLOBAL-1-7')).id, quantity: 1, iccid }), serverErrors.addonNotFit);
    expect(expectProblem(await api.order(owner.secret, 't-3', { skuId: addon, quantity: 2, iccid }), serverErrors.apiTopupNeedsIccid).field).toBe('body.quantity');
    const orderOnly = (await api.key(owner.r.token, { scopes: ['read', 'order'] })).secret;
    expect(expectProblem(await api.order(orderOnly, 't-4', { skuId: addon, quantity: 1, iccid }), serverErrors.apiKeyScope).title).toContain('"topup"');
    expect(await counts(other.r.userId)).toEqual(before);
    expect(await counts(owner.r.userId)).toEqual(ownBefore);
  });
});

describe('eSIM reads', () => {
  it('lists the eSIMs a page at a time with a cursor, of one order or all, with their LPA strings', async () => {
    const { secret } = await setUp(100_000);
    const first = await esimOrder(secret, 'list-1', 2);
    const second = await esimOrder(secret, 'list-2', 1);
    const page1 = (await api.request('GET', '/esims?limit=2', { secret })).json();
    expect(page1.items).toHaveLength(2);
    expect(page1.items[0]).toMatchObject({ orderNo: second.orderNo, lpa: expect.stringMatching(/^LPA:1\$/) });
    const page2 = (await api.request('GET', `/esims?limit=2&cursor=${page1.nextCursor}`, { secret })).json();
    expect(page2.nextCursor).toBeNull();
    expect([...page1.items, ...page2.items].map((e: { iccid: string }) => e.iccid).sort()).toEqual([...first.esims, ...second.esims].map((e: { iccid: string }) => e.iccid).sort());
    const ofFirst = (await api.request('GET', `/esims?order=${first.orderNo}`, { secret })).json();
    expect(ofFirst.items.map((e: { orderNo: string }) => e.orderNo)).toEqual([first.orderNo, first.orderNo]);
    expectProblem(await api.request('GET', '/esims?cursor=x', { secret }), serverErrors.paramInvalid);
  });

  it('answers one eSIM by ICCID with its state, install log and usage, and its QR as a PNG', async () => {
    const { secret } = await setUp(100_000);
    const { iccid } = (await esimOrder(secret, 'one')).esims[0];
    const res = await api.request('GET', `/esims/${iccid}`, { secret });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ iccid, activationStatus: 0, status: 'assigned', installLog: [], lpa: expect.stringMatching(/^LPA:1\$/), usage: { dataMb: 5000, validityDays: 7 } });
    const qr = await api.request('GET', `/esims/${iccid}/qr.png`, { secret });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(qr.rawPayload.length).toBeGreaterThan(500);
  });

  it("refuses another reseller's ICCID as not found, a malformed ICCID, another's order, and a key without read", async () => {
    const owner = await setUp(100_000);
    const bought = await esimOrder(owner.secret, 'mine');
    const { iccid } = bought.esims[0];
    const other = await setUp(0, ['read']);
    expect(expectProblem(await api.request('GET', `/esims/${iccid}`, { secret: other.secret }), serverErrors.esimNotFound).field).toBe('path.iccid');
    expectProblem(await api.request('GET', `/esims/${iccid}/qr.png`, { secret: other.secret }), serverErrors.esimNotFound);
    expect(expectProblem(await api.request('GET', `/esims/${iccid}/topups`, { secret: other.secret }), serverErrors.esimNotFound).field).toBe('path.iccid');
    expectProblem(await api.request('GET', `/esims?order=${bought.orderNo}`, { secret: other.secret }), serverErrors.orderNotFound);
    expect((await api.request('GET', '/esims', { secret: other.secret })).json()).toEqual({ items: [], nextCursor: null });
    expect(expectProblem(await api.request('GET', '/esims/12ab', { secret: owner.secret }), serverErrors.paramInvalid).field).toBe('path.iccid');
    const orderOnly = (await api.key(owner.r.token, { scopes: ['order'] })).secret;
    expectProblem(await api.request('GET', `/esims/${iccid}`, { secret: orderOnly }), serverErrors.apiKeyScope);
    expectProblem(await api.request('GET', `/esims/${iccid}/qr.png`, { secret: orderOnly }), serverErrors.apiKeyScope);
    expectProblem(await api.request('GET', '/esims', { secret: orderOnly }), serverErrors.apiKeyScope);
    expectProblem(await api.request('GET', `/esims/${iccid}/topups`, { secret: orderOnly }), serverErrors.apiKeyScope);
    expectProblem(await api.request('GET', `/esims/${iccid}/topups?currency=EUR`, { secret: owner.secret }), serverErrors.paramInvalid);
  });
});
