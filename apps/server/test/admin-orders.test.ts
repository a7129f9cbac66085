import { ADMIN_ORDER_EXPORT_MAX, serverErrors, type AdminActionName } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
});

const address = { name: 'Chan Tai Man', tel: '+852 6123 4567', country: 'China', province: 'Hong Kong', city: 'Kowloon', district: 'Yau Tsim Mong', postCode: '', detail: 'Nathan Road 1' };

async function customer() {
  const user = await t.signIn();
  const addressId = (await t.call('address', 'save', address, { token: user.token })).body.data.id;
  const { email } = await t.db.selectFrom('users').select('email').where('id', '=', user.userId).executeTakeFirstOrThrow();
  return { ...user, addressId, email: email! };
}

/** A physical order (a SIM card), paid in the sandbox unless told otherwise. */
async function simOrder(c: { token: string; addressId: number }, pay = true) {
  const sim = await t.sku('SIM-CU-30');
  const res = await t.call('order', 'create', { items: [{ skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId: c.addressId }, { token: c.token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  if (pay) await t.paySandbox(c.token, res.body.data.orderNo);
  return res.body.data;
}

const call = <A extends AdminActionName<'adminOrder'>>(action: A, body: Record<string, unknown>, token = owner) => t.call('adminOrder', action, body, { token, ip: '192.0.2.44' });
const detail = async (orderNo: string) => (await call('detail', { orderNo })).body.data;
const audit = (orderNo: string) => t.auditOf('order', orderNo);
const statusOf = async (orderNo: string) => (await t.db.selectFrom('orders').select('status').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).status;

describe('order list (adminOrder.list)', () => {
  it('pages, sorts and filters by status, kind, customer, number and date', async () => {
    const a = await customer();
    const b = await customer();
    const paid = await simOrder(a);
    const unpaid = await simOrder(a, false);
    const other = await simOrder(b);
    const recharge = (await t.call('order', 'create', { items: [{ skuId: (await t.sku('RCH-5')).id, quantity: 1, inputs: { rechargeNumber: '13800138000' } }] }, { token: b.token })).body.data;
    // An old order, to be left out by the date filter.
    await t.db.updateTable('orders').set({ created_at: Date.UTC(2025, 0, 10) }).where('order_no', '=', other.orderNo).execute();

    const byCustomer = await call('list', { customer: a.email.slice(0, 12), pageSize: 10 });
    expect(byCustomer.body.data.total).toBe(2);
    expect(byCustomer.body.data.items.map((o: { orderNo: string }) => o.orderNo)).toEqual([unpaid.orderNo, paid.orderNo]);
    expect(byCustomer.body.data.items[1]).toMatchObject({
      status: 'paid',
      physical: true,
      currency: 'CNY',
      customer: { id: a.userId, email: a.email, reseller: false },
      lines: [{ kind: 'sim', name: { en: 'China Unicom prepaid SIM', zh: '中国联通预付费电话卡' }, quantity: 1 }],
    });

    const paidOnly = await call('list', { customer: a.email, status: ['paid'] });
    expect(paidOnly.body.data.items.map((o: { orderNo: string }) => o.orderNo)).toEqual([paid.orderNo]);
    const recharges = await call('list', { kind: 'recharge', customer: b.email });
    expect(recharges.body.data.items.map((o: { orderNo: string }) => o.orderNo)).toEqual([recharge.orderNo]);
    expect((await call('list', { orderNo: paid.orderNo })).body.data).toMatchObject({ total: 1, items: [{ orderNo: paid.orderNo }] });
    // Its beginning finds it too (the day's orders begin alike), in any case.
    const prefix = await call('list', { orderNo: paid.orderNo.slice(0, 17).toLowerCase() });
    expect(prefix.body.data.items.map((o: { orderNo: string }) => o.orderNo)).toContain(paid.orderNo);
    expect(prefix.body.data.items.every((o: { orderNo: string }) => o.orderNo.startsWith(paid.orderNo.slice(0, 17)))).toBe(true);
    expect((await call('list', { orderNo: paid.orderNo.slice(-6) })).body.data.total).toBe(0);
    const recent = await call('list', { customer: b.email, from: Date.UTC(2026, 0, 1) });
    expect(recent.body.data.items.map((o: { orderNo: string }) => o.orderNo)).toEqual([recharge.orderNo]);
    const old = await call('list', { customer: b.email, to: Date.UTC(2026, 0, 1) });
    expect(old.body.data.items.map((o: { orderNo: string }) => o.orderNo)).toEqual([other.orderNo]);

    const byTotal = await call('list', { customer: a.email.slice(0, 12), sortField: 'total', sortOrder: 'asc', pageSize: 1, page: 2 });
    expect(byTotal.body.data).toMatchObject({ total: 2, items: [{}] });
    // Unpaid orders sort last by payment time, whichever way.
    for (const sortOrder of ['asc', 'desc']) {
      const byPaid = await call('list', { customer: a.email, sortField: 'paidAt', sortOrder });
      expect(byPaid.body.data.items.map((o: { orderNo: string }) => o.orderNo)).toEqual([paid.orderNo, unpaid.orderNo]);
    }
  });

  it('refuses wrong filters by field', async () => {
    expect((await call('list', { status: ['shipping'] })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'status.0' });
    expect((await call('list', { kind: 'car' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'kind' });
    expect((await call('list', { pageSize: 500 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'pageSize' });
    expect((await call('list', { sortField: 'customer' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'sortField' });
    expect((await call('list', { customer: 'x'.repeat(101) })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'customer' });
    expect((await call('list', { from: -1 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'from' });
    expect((await call('list', { unknown: 1 })).body).toMatchObject({ code: serverErrors.paramInvalid.code });
  });
});

describe('CSV export (adminOrder.export)', () => {
  it('exports the filtered list in the staff member\'s language and time zone', async () => {
    const c = await customer();
    const order = await simOrder(c);
    await t.db.updateTable('orders').set({ created_at: Date.UTC(2026, 10, 23, 16, 30) }).where('order_no', '=', order.orderNo).execute();
    const res = await call('export', { customer: c.email, lang: 'zh-Hans', timeZone: 'Asia/Shanghai' });
    expect(res.body.data).toMatchObject({ rows: 1, total: 1, capped: false, filename: expect.stringMatching(/^orders-\d{12}\.csv$/) });
    const lines = res.body.data.csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('订单号,状态,下单时间,付款时间,客户邮箱,客户手机,分销商,商品,币种,小计,运费,优惠,合计,已退款,支付方式,物流公司,运单号,发货时间');
    expect(lines[1]).toContain(`${order.orderNo},已付款（待发货）,2026-11-24 00:30,`);
    expect(lines[1]).toContain(`${c.email},,,中国联通预付费电话卡 × 1,CNY,59.00,12.00,0.00,71.00,,sandbox,,,`);
    const en = await call('export', { customer: c.email });
    expect(en.body.data.csv).toContain('Order number,Status,Placed');
    expect(en.body.data.csv).toContain('Paid (awaiting shipment),2026-11-23 16:30');
    expect(ADMIN_ORDER_EXPORT_MAX).toBe(10_000);
  });

  it('refuses an unknown time zone and a role without the export permission', async () => {
    expect((await call('export', { timeZone: 'Mars/Olympus' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'timeZone' });
    expect((await call('export', { lang: 'fr' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'lang' });
    const support = (await t.staffSignIn('support')).token;
    expect((await call('export', {}, support)).body.code).toBe(serverErrors.permissionDenied.code);
  });
});

describe('order detail (adminOrder.detail)', () => {
  it('shows items with their inputs, address, payments, events and the actions the state allows', async () => {
    const c = await customer();
    const order = await simOrder(c);
    const d = await detail(order.orderNo);
    expect(d).toMatchObject({
      status: 'paid',
      physical: true,
      customer: { id: c.userId, email: c.email },
      items: [{ kind: 'sim', inputs: { paperCard: 'with_card' }, requiredInputs: ['paperCard'], name: { en: 'China Unicom prepaid SIM' } }],
      address: { name: 'Chan Tai Man', city: 'Kowloon' },
      payMethod: 'sandbox',
      payments: [{ method: 'sandbox', status: 'succeeded', amount: order.total, currency: 'CNY' }],
      events: [
        { event: 'create', from: null, to: 'unpaid', actor: `user:${c.userId}` },
        { event: 'pay', from: 'unpaid', to: 'paid', actor: 'provider:sandbox' },
      ],
      notes: [],
      audit: [],
      actions: ['ship', 'modify_address', 'add_note'],
      partialShipAllowed: true,
      serviceEvents: [],
    });
  });

  it('says not found for an unknown order and refuses a malformed number', async () => {
    expect((await call('detail', { orderNo: 'SS20260101000000ZZZZZZ' })).body).toMatchObject({ code: serverErrors.orderNotFound.code, field: 'orderNo' });
    expect((await call('detail', { orderNo: 'nope' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'orderNo' });
    expect((await call('detail', {})).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'orderNo' });
  });
});

describe('shipping (adminOrder.ship)', () => {
  it('ships in part, then in full, each audited with who, where, before and after', async () => {
    const { staffId } = await t.staffSignIn('owner');
    const c = await customer();
    const order = await simOrder(c);
    const partial = await call('ship', { orderNo: order.orderNo, carrier: 'sf', trackingNo: 'SF1000000001', partial: true });
    expect(partial.body.data).toMatchObject({ status: 'partial_shipped', carrier: 'sf', trackingNo: 'SF1000000001', trackingUrl: expect.stringContaining('SF1000000001'), actions: ['ship', 'add_note'], partialShipAllowed: false });
    const full = await call('ship', { orderNo: order.orderNo, carrier: 'dhl', trackingNo: '1234567890' });
    expect(full.body.data).toMatchObject({ status: 'shipped', carrier: 'dhl', actions: ['add_note'] });
    expect(full.body.data.events.at(-1)).toMatchObject({ event: 'ship', from: 'partial_shipped', to: 'shipped', actor: 'admin:owner@simshop.local' });
    const rows = await audit(order.orderNo);
    expect(rows.map((r) => r.action)).toEqual(['order.ship', 'order.ship']);
    expect(rows[0]).toMatchObject({ actor: 'owner@simshop.local', staff_id: staffId, ip: '192.0.2.44' });
    expect(JSON.parse(rows[0]!.before_json!)).toEqual({ status: 'paid', carrier: null, trackingNo: null });
    expect(JSON.parse(rows[0]!.after_json!)).toEqual({ status: 'partial_shipped', carrier: 'sf', trackingNo: 'SF1000000001', partial: true });
    expect(JSON.parse(rows[1]!.after_json!)).toEqual({ status: 'shipped', carrier: 'dhl', trackingNo: '1234567890' });
    expect(full.body.data.audit.map((a: { action: string }) => a.action)).toEqual(['order.ship', 'order.ship']);
    // The customer sees the carrier and a tracking link.
    expect((await t.call('order', 'detail', { orderNo: order.orderNo }, { token: c.token })).body.data).toMatchObject({ carrier: 'dhl', trackingUrl: expect.stringContaining('1234567890') });
  });

  it('refuses a wrong tracking number or carrier, an unpaid, shipped, digital or unknown order, and writes nothing', async () => {
    const c = await customer();
    const unpaid = await simOrder(c, false);
    const paid = await simOrder(c);
    const ship = (orderNo: string, extra: Record<string, unknown> = {}) => call('ship', { orderNo, carrier: 'sf', trackingNo: 'SF1000000002', ...extra });
    expect((await ship(paid.orderNo, { trackingNo: 'ab' })).body).toMatchObject({ code: serverErrors.trackingNoInvalid.code, field: 'trackingNo' });
    expect((await ship(paid.orderNo, { trackingNo: 'SF 1000' })).body).toMatchObject({ code: serverErrors.trackingNoInvalid.code, field: 'trackingNo' });
    expect((await ship(paid.orderNo, { carrier: 'pigeon' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'carrier' });
    expect((await call('ship', { orderNo: paid.orderNo, carrier: 'sf' })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'trackingNo' });
    expect((await ship(unpaid.orderNo)).body).toMatchObject({ code: serverErrors.orderStatusConflict.code });
    expect((await ship('SS20260101000000ZZZZZZ')).body).toMatchObject({ code: serverErrors.orderNotFound.code, field: 'orderNo' });
    const recharge = (await t.call('order', 'create', { items: [{ skuId: (await t.sku('RCH-5')).id, quantity: 1, inputs: { rechargeNumber: '13800138000' } }] }, { token: c.token })).body.data;
    await t.db.updateTable('orders').set({ status: 'paid' }).where('order_no', '=', recharge.orderNo).execute();
    expect((await ship(recharge.orderNo)).body).toMatchObject({ code: serverErrors.orderStatusConflict.code });
    expect(await statusOf(paid.orderNo)).toBe('paid');
    expect(await audit(paid.orderNo)).toEqual([]);
    expect((await ship(paid.orderNo)).body.code).toBe(0);
    expect((await ship(paid.orderNo)).body).toMatchObject({ code: serverErrors.orderStatusConflict.code });
    expect(await audit(paid.orderNo)).toHaveLength(1);
  });

  it('is refused to support and finance (no fulfilment permission)', async () => {
    const c = await customer();
    const order = await simOrder(c);
    for (const role of ['support', 'finance'] as const) {
      const token = (await t.staffSignIn(role)).token;
      expect((await call('ship', { orderNo: order.orderNo, carrier: 'sf', trackingNo: 'SF1000000003' }, token)).body.code).toBe(serverErrors.permissionDenied.code);
    }
    expect(await statusOf(order.orderNo)).toBe('paid');
  });

  it('audits the command line\'s shipping as the command line', async () => {
    const c = await customer();
    const order = await simOrder(c);
    expect(await t.admin('ship', order.orderNo, 'sf', 'SF1000000004')).toEqual({ code: 0, out: `shipped ${order.orderNo}` });
    const [row] = await audit(order.orderNo);
    expect(row).toMatchObject({ action: 'order.ship', staff_id: null, ip: null });
    expect(row!.actor).toMatch(/^cli:/);
  });
});

describe('delivering digital orders (adminOrder.deliver)', () => {
  it('delivers a paid digital order, and refuses a physical or unpaid one', async () => {
    const c = await customer();
    const recharge = (await t.call('order', 'create', { items: [{ skuId: (await t.sku('RCH-5')).id, quantity: 1, inputs: { rechargeNumber: '13800138000' } }] }, { token: c.token })).body.data;
    expect((await call('deliver', { orderNo: recharge.orderNo })).body).toMatchObject({ code: serverErrors.orderStatusConflict.code });
    await t.db.updateTable('orders').set({ status: 'paid' }).where('order_no', '=', recharge.orderNo).execute();
    expect((await detail(recharge.orderNo)).actions).toEqual(['deliver', 'add_note']);
    const res = await call('deliver', { orderNo: recharge.orderNo });
    expect(res.body.data).toMatchObject({ status: 'delivered', carrier: 'online' });
    const [row] = await audit(recharge.orderNo);
    expect(row).toMatchObject({ action: 'order.deliver' });
    expect(JSON.parse(row!.after_json!)).toEqual({ status: 'delivered', carrier: 'online' });
    const sim = await simOrder(c);
    expect((await call('deliver', { orderNo: sim.orderNo })).body).toMatchObject({ code: serverErrors.orderStatusConflict.code });
    expect((await call('deliver', { orderNo: 'SS20260101000000ZZZZZZ' })).body.code).toBe(serverErrors.orderNotFound.code);
  });
});

describe('service orders (adminOrder.service_step)', () => {
  it('takes an unlock order through its steps, refusing a step its state does not allow', async () => {
    const c = await customer();
    const unlock = await t.sku('SVC-UNLOCK');
    const order = (await t.call('order', 'create', { items: [{ skuId: unlock.id, quantity: 1, inputs: { imei: '490154203237518' } }] }, { token: c.token })).body.data;
    await t.paySandbox(c.token, order.orderNo);
    await t.drain();
    expect(await detail(order.orderNo)).toMatchObject({ status: 'unverified', actions: ['service_step', 'add_note'], serviceEvents: ['start_inquiry', 'start_progress'] });
    expect((await call('service_step', { orderNo: order.orderNo, event: 'unlock' })).body).toMatchObject({ code: serverErrors.orderStatusConflict.code, field: 'event' });
    expect((await call('service_step', { orderNo: order.orderNo, event: 'fly' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'event' });
    expect((await call('service_step', { orderNo: order.orderNo, event: 'start_progress' })).body.data).toMatchObject({ status: 'progressing', serviceEvents: ['unlock', 'fail_unlock'] });
    expect((await call('service_step', { orderNo: order.orderNo, event: 'unlock' })).body.data).toMatchObject({ status: 'unlocked', serviceEvents: ['complete'] });
    const rows = await audit(order.orderNo);
    expect(rows.map((r) => JSON.parse(r.after_json!))).toEqual([
      { status: 'progressing', event: 'start_progress' },
      { status: 'unlocked', event: 'unlock' },
    ]);
    // A SIM order has no service steps.
    const sim = await simOrder(c);
    expect((await call('service_step', { orderNo: sim.orderNo, event: 'verify' })).body).toMatchObject({ code: serverErrors.orderStatusConflict.code });
  });
});

describe('refunds (adminOrder.refund_approve, refund_reject)', () => {
  async function refundRequested() {
    const c = await customer();
    const order = await simOrder(c);
    await t.call('order', 'refund', { orderNo: order.orderNo, reason: 'not_working', note: 'Card does not register' }, { token: c.token });
    return { c, order };
  }

  it('approves a partial refund: the order says so and the audit row holds the amount', async () => {
    const { c, order } = await refundRequested();
    const d = await detail(order.orderNo);
    expect(d).toMatchObject({ status: 'to_be_refunded', refundReason: 'not_working', refundNote: 'Card does not register', actions: ['refund_approve', 'refund_reject', 'add_note'] });
    const res = await call('refund_approve', { orderNo: order.orderNo, amount: 1000 });
    expect(res.body.data).toMatchObject({ status: 'partial_refunded', refundAmount: 1000, actions: ['add_note'] });
    const [row] = await audit(order.orderNo);
    expect(row).toMatchObject({ action: 'order.refund_approve', actor: 'owner@simshop.local' });
    expect(JSON.parse(row!.before_json!)).toEqual({ status: 'to_be_refunded', refundAmount: null });
    expect(JSON.parse(row!.after_json!)).toEqual({ status: 'partial_refunded', refundAmount: 1000 });
    expect((await t.call('order', 'detail', { orderNo: order.orderNo }, { token: c.token })).body.data).toMatchObject({ status: 'partial_refunded', refundAmount: 1000 });
  });

  it('approves in full when no amount is given; the stock goes back', async () => {
    const { order } = await refundRequested();
    const stock = (await t.sku('SIM-CU-30')).stock!;
    expect((await call('refund_approve', { orderNo: order.orderNo })).body.data).toMatchObject({ status: 'refunded', refundAmount: order.total });
    expect((await t.sku('SIM-CU-30')).stock).toBe(stock + 1);
  });

  it('refuses an amount above the total or not positive, a refund nobody asked for, an unknown order; nothing is written', async () => {
    const { order } = await refundRequested();
    expect((await call('refund_approve', { orderNo: order.orderNo, amount: order.total + 1 })).body).toMatchObject({ code: serverErrors.refundAmountInvalid.code, field: 'amount' });
    expect((await call('refund_approve', { orderNo: order.orderNo, amount: 0 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'amount' });
    expect((await call('refund_approve', { orderNo: order.orderNo, amount: 10.5 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'amount' });
    expect(await statusOf(order.orderNo)).toBe('to_be_refunded');
    expect(await audit(order.orderNo)).toEqual([]);
    const c = await customer();
    const paid = await simOrder(c);
    expect((await call('refund_approve', { orderNo: paid.orderNo })).body).toMatchObject({ code: serverErrors.orderStatusConflict.code });
    expect((await call('refund_reject', { orderNo: paid.orderNo, reason: 'no' })).body).toMatchObject({ code: serverErrors.orderStatusConflict.code });
    expect((await call('refund_approve', { orderNo: 'SS20260101000000ZZZZZZ' })).body.code).toBe(serverErrors.orderNotFound.code);
  });

  it('rejects with a reason: the order goes back to where it was', async () => {
    const { order } = await refundRequested();
    expect((await call('refund_reject', { orderNo: order.orderNo })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'reason' });
    expect((await call('refund_reject', { orderNo: order.orderNo, reason: '   ' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'reason' });
    const res = await call('refund_reject', { orderNo: order.orderNo, reason: 'The card works: we tested the number' });
    expect(res.body.data).toMatchObject({ status: 'paid', actions: ['ship', 'modify_address', 'add_note'] });
    expect(res.body.data.events.at(-1)).toMatchObject({ event: 'reject_refund', reason: 'The card works: we tested the number' });
    const [row] = await audit(order.orderNo);
    expect(JSON.parse(row!.after_json!)).toEqual({ status: 'paid', reason: 'The card works: we tested the number' });
  });

  it('is refused to support and operator; finance may', async () => {
    const { order } = await refundRequested();
    for (const role of ['support', 'operator'] as const) {
      const token = (await t.staffSignIn(role)).token;
      expect((await call('refund_approve', { orderNo: order.orderNo, amount: 100 }, token)).body.code).toBe(serverErrors.permissionDenied.code);
      expect((await call('refund_reject', { orderNo: order.orderNo, reason: 'x' }, token)).body.code).toBe(serverErrors.permissionDenied.code);
    }
    expect(await statusOf(order.orderNo)).toBe('to_be_refunded');
    const finance = (await t.staffSignIn('finance')).token;
    expect((await call('refund_approve', { orderNo: order.orderNo, amount: 100 }, finance)).body.data.status).toBe('partial_refunded');
  });
});

describe('address and notes (adminOrder.modify_address, add_note)', () => {
  it('changes the address before shipping, audited before and after; refuses after shipping', async () => {
    const c = await customer();
    const order = await simOrder(c);
    const next = { ...address, city: 'Sha Tin', detail: 'Tai Po Road 2' };
    expect((await call('modify_address', { orderNo: order.orderNo, address: { ...next, tel: '12' } })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'address.tel' });
    expect((await call('modify_address', { orderNo: order.orderNo, address: { ...next, detail: '' } })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'address.detail' });
    const res = await call('modify_address', { orderNo: order.orderNo, address: next });
    expect(res.body.data.address).toMatchObject({ city: 'Sha Tin', detail: 'Tai Po Road 2', email: '', company: '' });
    expect(res.body.data.events.at(-1)).toMatchObject({ event: 'modify_address', from: 'paid', to: 'paid' });
    const [row] = await audit(order.orderNo);
    expect(row!.action).toBe('order.modify_address');
    expect(JSON.parse(row!.before_json!).address).toMatchObject({ city: 'Kowloon' });
    expect(JSON.parse(row!.after_json!).address).toMatchObject({ city: 'Sha Tin' });
    expect((await t.call('order', 'detail', { orderNo: order.orderNo }, { token: c.token })).body.data.address).toMatchObject({ city: 'Sha Tin' });
    await call('ship', { orderNo: order.orderNo, carrier: 'sf', trackingNo: 'SF1000000005' });
    expect((await call('modify_address', { orderNo: order.orderNo, address: next })).body).toMatchObject({ code: serverErrors.orderStatusConflict.code });
  });

  it('keeps internal notes: anyone who reads orders may add one; never shown to the customer', async () => {
    const c = await customer();
    const order = await simOrder(c);
    const support = await t.staffSignIn('support');
    expect((await call('add_note', { orderNo: order.orderNo, text: ' ' }, support.token)).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'text' });
    expect((await call('add_note', { orderNo: order.orderNo, text: 'x'.repeat(1001) }, support.token)).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'text' });
    const res = await call('add_note', { orderNo: order.orderNo, text: 'Customer called: deliver after 6 pm' }, support.token);
    expect(res.body.data.notes).toEqual([{ id: expect.any(Number), by: { kind: 'staff', name: 'Demo support', account: 'support@simshop.local', id: expect.any(Number) }, text: 'Customer called: deliver after 6 pm', at: expect.any(Number) }]);
    const [row] = await audit(order.orderNo);
    expect(row).toMatchObject({ action: 'order.note', staff_id: support.staffId });
    expect(JSON.parse(row!.after_json!)).toEqual({ note: 'Customer called: deliver after 6 pm' });
    expect(JSON.stringify((await t.call('order', 'detail', { orderNo: order.orderNo }, { token: c.token })).body.data)).not.toContain('6 pm');
    expect((await call('add_note', { orderNo: 'SS20260101000000ZZZZZZ', text: 'x' })).body.code).toBe(serverErrors.orderNotFound.code);
  });
});
