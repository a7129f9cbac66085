import { serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { runScheduledJobs } from '../src/background-jobs.ts';
import { shipOrder } from '../src/modules/orders/order-admin.service.ts';
import { approveRefund, rejectRefund } from '../src/modules/payments/refund.service.ts';
import { cliActor } from '../src/modules/audit/audit.service.ts';
import { anAddress } from './fixtures.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

async function customerWithAddress() {
  const user = await t.signIn();
  const addressId = (await t.call('address', 'save', anAddress, { token: user.token })).body.data.id;
  return { ...user, addressId };
}

async function simOrder(token: string, addressId: number, quantity = 1) {
  const sim = await t.sku('SIM-CU-30');
  const res = await t.call('order', 'create', { items: [{ skuId: sim.id, quantity, inputs: { paperCard: 'with_card' } }], addressId }, { token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
}

const paySandbox = (token: string, orderNo: string) => t.paySandbox(token, orderNo);

describe('pricing and creating orders (order.do)', () => {
  it('previews totals: freight for a physical card, none for an eSIM', async () => {
    const { token } = await t.signIn();
    const sim = await t.sku('SIM-CU-30');
    const esim = await t.sku('ESIM-ASIA-10-30');
    const physical = await t.call('order', 'preview', { items: [{ skuId: sim.id, quantity: 2, inputs: { paperCard: 'without_card' } }] }, { token });
    expect(physical.body.data).toMatchObject({ currency: 'CNY', subtotal: 11800, freight: 1200, serviceFee: 0, discount: 0, total: 13000, needsAddress: true });
    const digital = await t.call('order', 'preview', { items: [{ skuId: esim.id, quantity: 1, inputs: {} }], i18n: 'zh-Hans' }, { token });
    expect(digital.body.data).toMatchObject({ currency: 'USD', subtotal: 1999, freight: 0, total: 1999, needsAddress: false });
    expect(digital.body.data.items[0]).toMatchObject({ name: '亚洲eSIM', options: ['10GB', '30天'] });
  });

  it('checks each required input with its rule and names it', async () => {
    const { token } = await t.signIn();
    const recharge = await t.sku('RCH-5');
    const unlock = await t.sku('SVC-UNLOCK');
    const cases: Array<[number, Record<string, string>, string, string]> = [
      [recharge.id, {}, 'items.0.inputs.rechargeNumber', 'validation.required'],
      [recharge.id, { rechargeNumber: '123' }, 'items.0.inputs.rechargeNumber', 'validation.recharge_number'],
      [unlock.id, { imei: '490154203237519' }, 'items.0.inputs.imei', 'validation.imei_or_serial'],
      [unlock.id, { imei: '490154203237518', eid: 'x' }, 'items.0.inputs.eid', 'validation.unexpected'],
    ];
    for (const [skuId, inputs, field, message] of cases) {
      const res = await t.call('order', 'preview', { items: [{ skuId, quantity: 1, inputs }] }, { token });
      expect(res.body, JSON.stringify(inputs)).toMatchObject({ code: serverErrors.paramInvalid.code, field });
      expect(res.body.data).toMatchObject({ issues: [expect.objectContaining({ message })] });
    }
    // The order page prices a draft before the inputs are typed.
    const early = await t.call('order', 'preview', { items: [{ skuId: recharge.id, quantity: 1, inputs: {} }], checkInputs: false }, { token });
    expect(early.body.data).toMatchObject({ total: 990, items: [{ requiredInputs: ['rechargeNumber'] }] });
    const ok = await t.call('order', 'preview', { items: [{ skuId: recharge.id, quantity: 1, inputs: { rechargeNumber: '13912345678' } }, { skuId: unlock.id, quantity: 1, inputs: { imei: '490154203237518' } }] }, { token });
    expect(ok.body.data.total).toBe(990 + 2500);
  });

  it('refuses mixed currencies, quantities out of range, sold-out and unknown SKUs', async () => {
    const { token } = await t.signIn();
    const sim = await t.sku('SIM-CU-30');
    const esim = await t.sku('ESIM-ASIA-5-7');
    const eu = await t.sku('ESIM-EU-15');
    const preview = (items: unknown[]) => t.call('order', 'preview', { items }, { token });
    expect((await preview([{ skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }, { skuId: esim.id, quantity: 1 }])).body).toMatchObject({ code: serverErrors.orderMixedCurrency.code, field: 'items' });
    expect((await preview([{ skuId: esim.id, quantity: 21 }])).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'items.0.quantity' });
    expect((await preview([{ skuId: eu.id, quantity: 1 }])).body).toMatchObject({ code: serverErrors.soldOut.code, field: 'items.0.skuId' });
    expect((await preview([{ skuId: 999999, quantity: 1 }])).body).toMatchObject({ code: serverErrors.productNotFound.code, field: 'items.0.skuId' });
    expect((await preview([])).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'items' });
  });

  it('creates an unpaid order: address copied, stock reserved, cart lines gone, one event', async () => {
    const { token, addressId } = await customerWithAddress();
    const sim = await t.sku('SIM-CU-100');
    const line = (await t.call('item', 'save', { proId: sim.productId, skuId: sim.id, quantity: 2 }, { token })).body.data;
    const res = await t.call('order', 'create', { items: [{ skuId: sim.id, quantity: 2, inputs: { paperCard: 'with_card' } }], addressId, cartItemIds: [line.id] }, { token });
    expect(res.body.data).toMatchObject({ status: 'unpaid', total: 2 * 9900 + 1200, address: { name: 'Li Lei', city: 'Central' }, actions: expect.arrayContaining(['pay', 'cancel', 'modify_address']) });
    expect(res.body.data.orderNo).toMatch(/^SS\d{14}[0-9A-Z]{6}$/);
    expect(res.body.data.expiresAt! - Date.now()).toBeGreaterThan(29 * 60_000);
    expect((await t.sku('SIM-CU-100')).stock).toBe(sim.stock! - 2);
    expect((await t.call('item', 'list', {}, { token })).body.data.items).toHaveLength(0);
    expect(res.body.data.events).toEqual([expect.objectContaining({ from: null, to: 'unpaid', by: 'customer' })]);
    // Editing the address book later does not change the order.
    await t.call('address', 'save', { ...anAddress, id: addressId, city: 'Elsewhere' }, { token });
    expect((await t.call('order', 'detail', { orderNo: res.body.data.orderNo }, { token })).body.data.address!.city).toBe('Central');
  });

  it('needs an address for a physical order, and the caller\'s own', async () => {
    const { token } = await t.signIn();
    const other = await customerWithAddress();
    const sim = await t.sku('SIM-CU-30');
    const items = [{ skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }];
    expect((await t.call('order', 'create', { items }, { token })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'addressId' });
    expect((await t.call('order', 'create', { items, addressId: other.addressId }, { token })).body).toMatchObject({ code: serverErrors.addressWrong.code });
    expect((await t.sku('SIM-CU-30')).stock).toBe(sim.stock);
  });

  it('sells the last unit once when 100 customers check out at the same moment', async () => {
    const sim = await t.sku('SIM-CU-30');
    await t.db.updateTable('product_skus').set({ stock: 1 }).where('id', '=', sim.id).execute();
    const buyers = await Promise.all(Array.from({ length: 100 }, () => customerWithAddress()));
    const results = await Promise.all(buyers.map((b) => t.call('order', 'create', { items: [{ skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId: b.addressId }, { token: b.token })));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c !== 0).every((c) => c === serverErrors.stockInsufficient.code || c === serverErrors.soldOut.code)).toBe(true);
    expect((await t.sku('SIM-CU-30')).stock).toBe(0);
    const orders = await t.db.selectFrom('orders').innerJoin('order_items', 'order_items.order_id', 'orders.id').select('orders.id').where('order_items.sku_id', '=', sim.id).where('orders.status', '=', 'unpaid').execute();
    expect(orders).toHaveLength(1);
    // Put things back for the other tests: the winner cancels (its unit returns), then the stock is restored.
    const winner = buyers[codes.indexOf(0)]!;
    await t.call('order', 'cancel', { orderNo: results[codes.indexOf(0)]!.body.data.orderNo }, { token: winner.token });
    expect((await t.sku('SIM-CU-30')).stock).toBe(1);
    await t.db.updateTable('product_skus').set({ stock: sim.stock }).where('id', '=', sim.id).execute();
  });
});

describe('the order lifecycle', () => {
  it('cancels an unpaid order and returns its stock', async () => {
    const { token, addressId } = await customerWithAddress();
    const before = (await t.sku('SIM-CU-30')).stock!;
    const order = await simOrder(token, addressId, 3);
    expect((await t.sku('SIM-CU-30')).stock).toBe(before - 3);
    const cancelled = await t.call('order', 'cancel', { orderNo: order.orderNo }, { token });
    expect(cancelled.body.data).toMatchObject({ status: 'invalid', actions: ['detail', 'delete'] });
    expect((await t.sku('SIM-CU-30')).stock).toBe(before);
    expect((await t.call('order', 'cancel', { orderNo: order.orderNo }, { token })).body.code).toBe(serverErrors.orderStatusConflict.code);
    expect((await t.sku('SIM-CU-30')).stock).toBe(before);
  });

  it('expires an unpaid order after 30 minutes and returns its stock once', async () => {
    const { token, addressId } = await customerWithAddress();
    const before = (await t.sku('SIM-CU-30')).stock!;
    const order = await simOrder(token, addressId, 2);
    await runScheduledJobs(t.db, Date.now() + 29 * 60_000);
    expect((await t.call('order', 'detail', { orderNo: order.orderNo }, { token })).body.data.status).toBe('unpaid');
    await runScheduledJobs(t.db, Date.now() + 31 * 60_000);
    await runScheduledJobs(t.db, Date.now() + 32 * 60_000);
    const detail = (await t.call('order', 'detail', { orderNo: order.orderNo }, { token })).body.data;
    expect(detail.status).toBe('invalid');
    expect(detail.events.at(-1)).toMatchObject({ from: 'unpaid', to: 'invalid', by: 'system' });
    expect((await t.sku('SIM-CU-30')).stock).toBe(before);
    expect((await t.call('order', 'pay', { orderNo: order.orderNo, method: 'sandbox' }, { token })).body.code).toBe(serverErrors.orderStatusConflict.code);
  });

  it('goes paid → shipped → received, with logistics, then refund rules', async () => {
    const { token, addressId } = await customerWithAddress();
    const order = await simOrder(token, addressId);
    expect((await paySandbox(token, order.orderNo)).status).toBe(303);
    const paid = (await t.call('order', 'detail', { orderNo: order.orderNo }, { token })).body.data;
    expect(paid).toMatchObject({ status: 'paid', payMethod: 'sandbox', actions: expect.arrayContaining(['refund', 'modify_address']) });
    expect(paid.paidAt).not.toBeNull();
    expect((await t.call('order', 'confirm_receipt', { orderNo: order.orderNo }, { token })).body.code).toBe(serverErrors.orderStatusConflict.code);
    await shipOrder(t.db, cliActor(), { orderNo: order.orderNo, carrier: 'sf', trackingNo: 'SF1234567890' }, Date.now());
    const shipped = (await t.call('order', 'detail', { orderNo: order.orderNo }, { token })).body.data;
    expect(shipped).toMatchObject({ status: 'shipped', carrier: 'sf', trackingNo: 'SF1234567890', trackingUrl: expect.stringContaining('SF1234567890') });
    expect(shipped.actions).toEqual(expect.arrayContaining(['confirm_receipt', 'logistics', 'refund']));
    expect(shipped.actions).not.toContain('modify_address');
    expect((await t.call('order', 'modify_address', { orderNo: order.orderNo, addressId }, { token })).body.code).toBe(serverErrors.orderStatusConflict.code);
    const received = await t.call('order', 'confirm_receipt', { orderNo: order.orderNo }, { token });
    expect(received.body.data.status).toBe('received');
    expect((await t.call('order', 'list', { tab: 'completed' }, { token })).body.data.items.map((o) => o.orderNo)).toContain(order.orderNo);
  });

  it('requests a refund with a reason; approved in full it is refunded, rejected it returns', async () => {
    const { token, addressId } = await customerWithAddress();
    const order = await simOrder(token, addressId);
    await paySandbox(token, order.orderNo);
    expect((await t.call('order', 'refund', { orderNo: order.orderNo }, { token })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'reason' });
    expect((await t.call('order', 'refund', { orderNo: order.orderNo, reason: 'because' }, { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'reason' });
    const requested = await t.call('order', 'refund', { orderNo: order.orderNo, reason: 'no_longer_needed', note: 'Trip cancelled' }, { token });
    expect(requested.body.data).toMatchObject({ status: 'to_be_refunded', refundReason: 'no_longer_needed', refundId: expect.stringMatching(/^RF/) });
    await rejectRefund(t.db, cliActor(), order.orderNo, 'already shipped', Date.now());
    expect((await t.call('order', 'detail', { orderNo: order.orderNo }, { token })).body.data.status).toBe('paid');
    await t.call('order', 'refund', { orderNo: order.orderNo, reason: 'wrong_item' }, { token });
    const stock = (await t.sku('SIM-CU-30')).stock!;
    await approveRefund(t.db, cliActor(), order.orderNo, undefined, Date.now());
    const refunded = (await t.call('order', 'detail', { orderNo: order.orderNo }, { token })).body.data;
    expect(refunded).toMatchObject({ status: 'refunded', refundAmount: refunded.total, actions: ['detail', 'delete'] });
    expect((await t.sku('SIM-CU-30')).stock).toBe(stock + 1);
    expect((await t.call('order', 'delete', { orderNo: order.orderNo }, { token })).body.data).toEqual({ ok: true });
    expect((await t.call('order', 'detail', { orderNo: order.orderNo }, { token })).body.code).toBe(serverErrors.orderNotFound.code);
    expect((await t.call('order', 'list', { tab: 'all' }, { token })).body.data.items.map((o) => o.orderNo)).not.toContain(order.orderNo);
  });

  it('approves a partial refund', async () => {
    const { token, addressId } = await customerWithAddress();
    const order = await simOrder(token, addressId);
    await paySandbox(token, order.orderNo);
    await t.call('order', 'refund', { orderNo: order.orderNo, reason: 'not_working' }, { token });
    await expect(approveRefund(t.db, cliActor(), order.orderNo, order.total + 1, Date.now())).rejects.toThrow();
    await approveRefund(t.db, cliActor(), order.orderNo, 1000, Date.now());
    expect((await t.call('order', 'detail', { orderNo: order.orderNo }, { token })).body.data).toMatchObject({ status: 'partial_refunded', refundAmount: 1000 });
  });

  it('modifies the address before shipping', async () => {
    const { token, addressId } = await customerWithAddress();
    const order = await simOrder(token, addressId);
    const newAddress = (await t.call('address', 'save', { ...anAddress, city: 'Wan Chai' }, { token })).body.data.id;
    expect((await t.call('order', 'modify_address', { orderNo: order.orderNo }, { token })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'addressId' });
    const changed = await t.call('order', 'modify_address', { orderNo: order.orderNo, addressId: newAddress }, { token });
    expect(changed.body.data.address!.city).toBe('Wan Chai');
  });

  it('puts service orders to verification after payment', async () => {
    const { token } = await t.signIn();
    const unlock = await t.sku('SVC-UNLOCK');
    const order = (await t.call('order', 'create', { items: [{ skuId: unlock.id, quantity: 1, inputs: { imei: '490154203237518' } }] }, { token })).body.data;
    await paySandbox(token, order.orderNo);
    await t.drain();
    const detail = (await t.call('order', 'detail', { orderNo: order.orderNo }, { token })).body.data;
    expect(detail).toMatchObject({ status: 'unverified', items: [expect.objectContaining({ inputs: { imei: '490154203237518' } })] });
  });

  it('confirms shipped orders after 10 days and completes received ones after 7', async () => {
    const { token, addressId } = await customerWithAddress();
    const order = await simOrder(token, addressId);
    await paySandbox(token, order.orderNo);
    await shipOrder(t.db, cliActor(), { orderNo: order.orderNo, carrier: 'dhl', trackingNo: '1234567890' }, Date.now());
    await runScheduledJobs(t.db, Date.now() + 11 * 86_400_000);
    expect((await t.call('order', 'detail', { orderNo: order.orderNo }, { token })).body.data.status).toBe('received');
    await runScheduledJobs(t.db, Date.now() + 19 * 86_400_000);
    expect((await t.call('order', 'detail', { orderNo: order.orderNo }, { token })).body.data.status).toBe('completed');
  });

  it('lists by tab', async () => {
    const { token, addressId } = await customerWithAddress();
    const unpaid = await simOrder(token, addressId);
    const paid = await simOrder(token, addressId);
    await paySandbox(token, paid.orderNo);
    const tab = async (name: string) => (await t.call('order', 'list', { tab: name }, { token })).body.data.items.map((o) => o.orderNo);
    expect(await tab('all')).toEqual([paid.orderNo, unpaid.orderNo]);
    expect(await tab('unpaid')).toEqual([unpaid.orderNo]);
    expect(await tab('to_ship')).toEqual([paid.orderNo]);
    expect(await tab('to_receive')).toEqual([]);
    expect((await t.call('order', 'list', { tab: 'later' }, { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'tab' });
  });

  it("refuses another user's order on every action", async () => {
    const owner = await customerWithAddress();
    const order = await simOrder(owner.token, owner.addressId);
    const other = await customerWithAddress();
    for (const [action, extra] of [
      ['detail', {}],
      ['cancel', {}],
      ['payment_methods', {}],
      ['pay', { method: 'sandbox' }],
      ['confirm_receipt', {}],
      ['modify_address', { addressId: other.addressId }],
      ['refund', { reason: 'other' }],
      ['delete', {}],
    ] as const) {
      const res = await t.call('order', action, { orderNo: order.orderNo, ...extra }, { token: other.token });
      expect(res.body, action).toMatchObject({ code: serverErrors.orderNotFound.code });
    }
    expect((await t.call('order', 'detail', { orderNo: order.orderNo }, { token: owner.token })).body.data.status).toBe('unpaid');
    expect((await t.call('order', 'detail', { orderNo: 'nonsense' }, { token: owner.token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'orderNo' });
  });
});
