import { Role, serverErrors } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditBalance } from '../src/modules/balance/balance.service.ts';
import { useTestApp } from './harness.ts';
import { secondMerchantSelling } from './second-merchant.ts';

/**
 * A payment from the balance is written with the move of the first order it pays, and
 * each order's debit with its own move (on PostgreSQL the payment, the cancelling of the orders'
 * pending payments, the debit with its ledger row and the move are one statement). What it writes
 * stays as before: one payment for the whole checkout, the pending one it replaces cancelled,
 * each order's events in order with their actors, one ledger row per order, and nothing at all
 * when the order could not be moved or the balance is short.
 */

const t = useTestApp();
let ecodeB: number;

beforeAll(async () => {
  // The demo ECode again, sold by a second merchant: delivered by its payment, as the demo's is.
  ecodeB = (await secondMerchantSelling(t, 'ECODE-QPE', 'ECODE-HB')).skuId;
  await t.db.updateTable('product_skus').set({ stock: null }).where('code', '=', 'ECODE-QPE').execute();
});

async function reseller(amount: number) {
  const r = await t.signIn(Role.reseller);
  await creditBalance(t.db, { userId: r.userId, currency: 'USD', amount, reason: 'top-up', orderId: null }, Date.now());
  return r;
}

const eventsOf = (orderNo: string) =>
  t.db.selectFrom('order_events').innerJoin('orders', 'orders.id', 'order_events.order_id').select(['order_events.event', 'order_events.to_status', 'order_events.actor']).where('orders.order_no', '=', orderNo).orderBy('order_events.id').execute();
const paymentsOf = (orderIds: number[]) => t.db.selectFrom('payments').select(['method', 'status', 'amount', 'checkout_id', 'order_id']).where('order_id', 'in', orderIds).orderBy('created_at').orderBy('id').execute();
const orderIdsOf = async (orderNos: string[]) => (await t.db.selectFrom('orders').select('id').where('order_no', 'in', orderNos).orderBy('id').execute()).map((o) => o.id);

describe('a payment from the balance, written with the move', () => {
  it('pays a two-merchant checkout with one payment, cancels the pending one, and each order has its events in order by their actors', async () => {
    const r = await reseller(100_000);
    const qpe = await t.sku('ECODE-QPE');
    const created = await t.call('order', 'create', { items: [{ skuId: qpe.id, quantity: 1, inputs: {} }, { skuId: ecodeB, quantity: 2, inputs: {} }] }, { token: r.token });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    const orderNos = created.body.data.checkout!.orders.map((o) => o.orderNo);
    expect(orderNos).toHaveLength(2);
    // A sandbox attempt first: the balance payment replaces it.
    expect((await t.call('order', 'pay', { orderNo: orderNos[0]!, method: 'sandbox' }, { token: r.token })).body.code).toBe(0);
    const pay = await t.call('order', 'pay', { orderNo: orderNos[1]!, method: 'balance' }, { token: r.token });
    expect(pay.body.data).toEqual({ paid: true, redirectUrl: null, wechat: null });

    const ids = await orderIdsOf(orderNos);
    const total = created.body.data.checkout!.total;
    const written = await paymentsOf(ids);
    expect(written).toEqual([
      expect.objectContaining({ method: 'sandbox', status: 'cancelled' }),
      expect.objectContaining({ method: 'balance', status: 'succeeded', amount: total, checkout_id: expect.any(Number) }),
    ]);
    for (const orderNo of orderNos) {
      expect(await eventsOf(orderNo)).toEqual([
        { event: 'create', to_status: 'unpaid', actor: `user:${r.userId}` },
        { event: 'pay', to_status: 'paid', actor: `user:${r.userId}` },
        { event: 'deliver', to_status: 'delivered', actor: 'system' },
      ]);
    }
    const ledger = await t.db.selectFrom('balance_ledger').select(['amount', 'order_id']).where('user_id', '=', r.userId).where('order_id', 'is not', null).orderBy('id').execute();
    expect(ledger.map((l) => l.order_id)).toEqual(ids);
    expect(ledger.reduce((n, l) => n + l.amount, 0)).toBe(-total);
  });

  it('two payments of one order at once: one pays, the other is refused and writes nothing', async () => {
    const r = await reseller(100_000);
    const qpe = await t.sku('ECODE-QPE');
    const created = await t.call('order', 'create', { items: [{ skuId: qpe.id, quantity: 1, inputs: {} }] }, { token: r.token });
    const orderNo = created.body.data.orderNo;
    const results = await Promise.all([1, 2, 3].map(() => t.call('order', 'pay', { orderNo, method: 'balance' }, { token: r.token })));
    expect(results.filter((res) => res.body.code === 0)).toHaveLength(1);
    for (const res of results.filter((one) => one.body.code !== 0)) expect(res.body.code).toBe(serverErrors.orderStatusConflict.code);
    const [id] = await orderIdsOf([orderNo]);
    expect(await paymentsOf([id!])).toEqual([expect.objectContaining({ method: 'balance', status: 'succeeded', amount: created.body.data.total })]);
    expect(await t.db.selectFrom('balance_ledger').select('amount').where('order_id', '=', id!).execute()).toEqual([{ amount: -created.body.data.total }]);
    expect((await eventsOf(orderNo)).map((e) => e.event)).toEqual(['create', 'pay', 'deliver']);
  });

  it('a balance too short for the order refuses the payment with the move and the ECodes it issued undone', async () => {
    const r = await reseller(1);
    const qpe = await t.sku('ECODE-QPE');
    const created = await t.call('order', 'create', { items: [{ skuId: qpe.id, quantity: 1, inputs: {} }] }, { token: r.token });
    const orderNo = created.body.data.orderNo;
    const pay = await t.call('order', 'pay', { orderNo, method: 'balance' }, { token: r.token });
    expect(pay.body).toMatchObject({ code: serverErrors.balanceInsufficient.code, data: { balance: 1, needed: created.body.data.total } });
    const [id] = await orderIdsOf([orderNo]);
    expect(await paymentsOf([id!])).toEqual([]);
    expect(await t.db.selectFrom('ecodes').select('id').where('order_id', '=', id!).execute()).toEqual([]);
    expect(await t.db.selectFrom('balance_ledger').select('amount').where('user_id', '=', r.userId).execute()).toEqual([{ amount: 1 }]);
    expect(await eventsOf(orderNo)).toEqual([{ event: 'create', to_status: 'unpaid', actor: `user:${r.userId}` }]);
  });
});

