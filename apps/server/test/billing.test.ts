import { Role } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { approveRefund } from '../src/modules/payments/refund.service.ts';
import { cliActor } from '../src/modules/audit/audit.service.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

describe('billing (billing.do)', () => {
  it("lists a customer's payments and refunds, newest first, and nobody else's", async () => {
    const { token } = await t.signIn();
    const orderNo = await t.buy(token, 'ESIM-ASIA-5-7', 1);
    await t.call('order', 'refund', { orderNo, reason: 'other' }, { token });
    await approveRefund(t.db, cliActor(), orderNo, 500, Date.now() + 1000);
    const res = await t.call('billing', 'list', { page: 1, size: 20 }, { token });
    expect(res.body.data.items.map((r) => [r.kind, r.amount, r.orderNo])).toEqual([
      ['refund', 500, orderNo],
      ['payment', -990, orderNo],
    ]);
    const other = await t.signIn();
    expect((await t.call('billing', 'list', {}, { token: other.token })).body.data).toEqual({ items: [], total: 0 });
  });

  it("shows a reseller's balance changes once, with their reasons", async () => {
    const reseller = await t.signIn(Role.reseller);
    const { creditBalance } = await import('../src/modules/balance/balance.service.ts');
    await creditBalance(t.db, { userId: reseller.userId, currency: 'USD', amount: 10_000, reason: 'top-up', orderId: null }, Date.now() - 1000);
    const sku = await t.sku('ESIM-ASIA-5-7');
    const order = (await t.call('order', 'create', { items: [{ skuId: sku.id, quantity: 10, inputs: {} }] }, { token: reseller.token })).body.data;
    await t.call('order', 'pay', { orderNo: order.orderNo, method: 'balance' }, { token: reseller.token });
    const items = (await t.call('billing', 'list', {}, { token: reseller.token })).body.data.items;
    expect(items.map((r) => [r.kind, r.amount, r.reason])).toEqual([
      ['balance', -7900, `order ${order.orderNo}`],
      ['balance', 10_000, 'top-up'],
    ]);
  });
});
