import { ActivationStatus, serverErrors } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { expectProblem, resellerApiClient } from './reseller-api-helpers.ts';

/**
 * POST /api/v1/orders/{id}/refund: the units nobody used (ECodes unused, eSIMs never downloaded
 * or installed) go back to the balance at once, with the refund.paid webhook event; the same
 * Idempotency-Key answers once; every refusal leaves the order, the balance and the units as
 * they were. And eSIM orders sent at once with one key make one order.
 */
const t = useTestApp();
const api = resellerApiClient(t);
beforeAll(async () => {
  await t.listen();
});

async function setUp(usd = 100_000) {
  const r = await api.reseller(usd);
  const { secret } = await api.key(r.token, { scopes: ['read', 'order', 'refund'] });
  // A webhook endpoint that takes refund.paid (its deliveries are read from the table, not sent).
  const hook = await t.call('webhook', 'create', { url: 'https://erp.example.com/simshop', events: ['refund.paid'] }, { token: r.token });
  expect(hook.body.code).toBe(0);
  return { r, secret };
}

async function buy(secret: string, sku: string, quantity: number, key = `buy-${sku}-${Math.random()}`) {
  const res = await api.order(secret, key, { skuId: (await t.sku(sku)).id, quantity });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { orderNo: string; total: number; items: Array<{ unitPrice: number }>; esims: Array<{ iccid: string }> };
}

const refund = (secret: string, orderNo: string, key: string | null = `refund-${orderNo}`) =>
  api.request('POST', `/orders/${orderNo}/refund`, { secret, headers: key === null ? {} : { 'idempotency-key': key } });

const installed = (iccid: string) => t.db.updateTable('esims').set({ activation_status: ActivationStatus.installed, added: 1 }).where('iccid', '=', iccid).execute();
const esimStates = async (orderNo: string) =>
  (await t.db.selectFrom('esims').innerJoin('orders', 'orders.id', 'esims.order_id').select(['esims.iccid', 'esims.record_status']).where('orders.order_no', '=', orderNo).orderBy('esims.id').execute()).map((e) => e.record_status);
const refundEvents = async (userId: number) =>
  (await t.db.selectFrom('webhook_deliveries').innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id').select('webhook_deliveries.body').where('webhook_endpoints.user_id', '=', userId).where('webhook_deliveries.event_type', '=', 'refund.paid').execute()).map(
    (d) => (JSON.parse(d.body) as { data: unknown }).data,
  );
/** What a refusal must leave as it was. */
const snapshot = async (userId: number, orderNo: string) => ({
  orders: await api.ordersOf(userId),
  balance: await api.balanceOf(userId),
  esims: await esimStates(orderNo),
  ecodes: (await t.db.selectFrom('ecodes').select(['code', 'status']).where('user_id', '=', userId).orderBy('id').execute()),
  events: await refundEvents(userId),
});

describe('refund of unused units', () => {
  it('pays back the eSIMs never installed, discards them, keeps the installed one; refund.paid fires; the same key answers once', async () => {
    const { r, secret } = await setUp();
    const order = await buy(secret, 'ESIM-ASIA-5-7', 3);
    const unit = order.items[0]!.unitPrice;
    await installed(order.esims[1]!.iccid);
    const before = await api.balanceOf(r.userId);
    const res = await refund(secret, order.orderNo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ orderNo: order.orderNo, status: 'partial_refunded', refundAmount: 2 * unit });
    expect(await api.balanceOf(r.userId)).toBe(before! + 2 * unit);
    expect(await esimStates(order.orderNo)).toEqual(['discarded', 'assigned', 'discarded']);
    expect(await refundEvents(r.userId)).toEqual([{ orderNo: order.orderNo, amount: 2 * unit, currency: 'USD' }]);
    expect((await t.auditOf('order', order.orderNo)).map((a) => a.action)).toContain('order.refund_unused');
    // Sent again with its key: the first answer, nothing paid twice.
    const again = await refund(secret, order.orderNo);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(res.json());
    expect(await api.balanceOf(r.userId)).toBe(before! + 2 * unit);
    // With a new key: the order is refunded already.
    expectProblem(await refund(secret, order.orderNo, 'another-key'), serverErrors.orderStatusConflict);
    expect(await refundEvents(r.userId)).toHaveLength(1);
  });

  it('pays back the whole order when nothing was used (the total), and the ECodes not handed out of a partly used one', async () => {
    const { r, secret } = await setUp();
    const whole = await buy(secret, 'ESIM-ASIA-5-7', 2);
    const start = await api.balanceOf(r.userId);
    expect((await refund(secret, whole.orderNo)).json()).toMatchObject({ status: 'refunded', refundAmount: whole.total });
    expect(await esimStates(whole.orderNo)).toEqual(['discarded', 'discarded']);
    // A refunded eSIM takes no more data.
    expect(expectProblem(await api.request('GET', `/esims/${whole.esims[0]!.iccid}/topups`, { secret }), serverErrors.esimRemoved).field).toBe('path.iccid');
    expect(await api.balanceOf(r.userId)).toBe(start! + whole.total);

    const codes = await buy(secret, 'ECODE-QPE', 3);
    const codesOf = () => t.db.selectFrom('ecodes').innerJoin('orders', 'orders.id', 'ecodes.order_id').select(['ecodes.id', 'ecodes.status']).where('orders.order_no', '=', codes.orderNo).orderBy('ecodes.id').execute();
    await t.db.updateTable('ecodes').set({ status: 'sold' }).where('id', '=', (await codesOf())[0]!.id).execute();
    const res = await refund(secret, codes.orderNo);
    expect(res.json()).toMatchObject({ status: 'partial_refunded', refundAmount: 2 * codes.items[0]!.unitPrice });
    expect((await codesOf()).map((c) => c.status)).toEqual(['sold', 'invalid', 'invalid']);
  });

  it("refuses an order whose every unit was used, another reseller's order, a bad number, no Idempotency-Key, no API key and a key without the refund scope: nothing written", async () => {
    const { r, secret } = await setUp();
    const order = await buy(secret, 'ESIM-ASIA-5-7', 1);
    await installed(order.esims[0]!.iccid);
    const before = await snapshot(r.userId, order.orderNo);
    expect(expectProblem(await refund(secret, order.orderNo), serverErrors.apiNothingToRefund).field).toBe('path.id');
    const other = await setUp();
    expect(expectProblem(await refund(other.secret, order.orderNo), serverErrors.orderNotFound).field).toBe('path.id');
    expectProblem(await refund(secret, 'not-an-order'), serverErrors.paramInvalid);
    expectProblem(await refund(secret, order.orderNo, null), serverErrors.idempotencyKeyMissing);
    expectProblem(await api.request('POST', `/orders/${order.orderNo}/refund`, { headers: { 'idempotency-key': 'no-key' } }), serverErrors.apiKeyMissing);
    const noRefund = (await api.key(r.token, { scopes: ['read', 'order'] })).secret;
    expect(expectProblem(await refund(noRefund, order.orderNo), serverErrors.apiKeyScope).title).toContain('"refund"');
    expect(await snapshot(r.userId, order.orderNo)).toEqual(before);
    // The refused key was not kept: it works once the order has something to refund.
    expect((await t.db.selectFrom('api_idempotency').select('idem_key').where('user_id', '=', r.userId).where('idem_key', 'like', 'refund-%').execute()).length).toBe(0);
  });
});

describe('parallel eSIM orders', () => {
  it('20 with one Idempotency-Key make one order, and every one answers it', async () => {
    const r = await api.reseller(100_000);
    const { secret } = await api.key(r.token);
    const skuId = (await t.sku('ESIM-ASIA-5-7')).id;
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.order(secret, 'one-esim-key', { skuId, quantity: 1 })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const orders = await api.ordersOf(r.userId);
    expect(orders).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().orderNo))).toEqual(new Set([orders[0]!.order_no]));
    expect(await t.db.selectFrom('esims').select('id').where('user_id', '=', r.userId).execute()).toHaveLength(1);
    expect(await api.balanceOf(r.userId)).toBe(100_000 - orders[0]!.total);
  });
});
