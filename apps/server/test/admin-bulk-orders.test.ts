import { serverErrors, type AdminActionName, type StaffRole } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
let merchantStaff: string;
let merchantId: number;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
  // The demo merchant's staff member has replaced the one-time password.
  await t.db.updateTable('staff').set({ must_change_password: 0 }).where('email', '=', 'merchant@simshop.local').execute();
  merchantStaff = (await t.staffSignIn('merchant' as StaffRole)).token;
  merchantId = (await t.db.selectFrom('staff').select('merchant_id').where('email', '=', 'merchant@simshop.local').executeTakeFirstOrThrow()).merchant_id!;
});

const address = { name: 'Chan Tai Man', tel: '+852 6123 4567', country: 'China', province: 'Hong Kong', city: 'Kowloon', district: 'Yau Tsim Mong', postCode: '', detail: 'Nathan Road 1' };

/** A SIM-card order of a new customer, paid in the sandbox unless told otherwise. */
async function simOrder(pay = true): Promise<string> {
  const user = await t.signIn();
  const addressId = (await t.call('address', 'save', address, { token: user.token })).body.data.id;
  const sim = await t.sku('SIM-CU-30');
  const res = await t.call('order', 'create', { items: [{ skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId }, { token: user.token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  if (pay) await t.paySandbox(user.token, res.body.data.orderNo);
  return res.body.data.orderNo;
}

const call = <A extends AdminActionName<'adminOrderBulk'>>(action: A, body: Record<string, unknown>, token = owner) => t.call('adminOrderBulk', action, body, { token, ip: '192.0.2.45' });
const statusOf = async (orderNo: string) => (await t.db.selectFrom('orders').select(['status', 'carrier', 'tracking_no']).where('order_no', '=', orderNo).executeTakeFirstOrThrow());
const bulkRows = async () => t.db.selectFrom('audit_log').select(['action', 'target_id', 'after_json', 'actor']).where('target_type', '=', 'bulk').orderBy('id', 'desc').execute();

describe('bulk shipping (adminOrderBulk.ship)', () => {
  it('ships each order in its own audited transaction; a wrong one fails alone with its catalogue error', async () => {
    const [a, b, c] = [await simOrder(), await simOrder(), await simOrder()];
    const unpaid = await simOrder(false);
    const res = await call('ship', {
      items: [
        { orderNo: a, carrier: 'sf', trackingNo: 'SF2000000001' },
        { orderNo: unpaid, carrier: 'sf', trackingNo: 'SF2000000002' },
        { orderNo: b, carrier: 'DHL Express', trackingNo: '1234567890' },
        { orderNo: c, carrier: 'sf', trackingNo: 'x' },
      ],
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data).toMatchObject({ done: 2, failed: 2 });
    expect(res.body.data.results).toEqual([
      { ref: a, ok: true, error: null },
      { ref: unpaid, ok: false, error: expect.objectContaining({ code: serverErrors.orderStatusConflict.code, i18n: serverErrors.orderStatusConflict.i18n, field: 'orderNo' }) },
      { ref: b, ok: true, error: null },
      { ref: c, ok: false, error: expect.objectContaining({ code: serverErrors.trackingNoInvalid.code, field: 'trackingNo' }) },
    ]);
    expect(await statusOf(a)).toEqual({ status: 'shipped', carrier: 'sf', tracking_no: 'SF2000000001' });
    expect(await statusOf(b)).toEqual({ status: 'shipped', carrier: 'dhl_express', tracking_no: '1234567890' });
    expect((await statusOf(c)).status).toBe('paid');
    expect((await statusOf(unpaid)).status).toBe('unpaid');
    // Each shipped order has its own row, as from its page; the failed ones none; the call one summing it up.
    expect((await t.auditOf('order', a)).map((r) => [r.action, r.actor, r.ip])).toEqual([['order.ship', 'owner@simshop.local', '192.0.2.45']]);
    expect(await t.auditOf('order', c)).toEqual([]);
    const [summary] = await bulkRows();
    expect(summary).toMatchObject({ action: 'order.bulk_ship', target_id: '2/4', actor: 'owner@simshop.local' });
    expect(JSON.parse(summary!.after_json!)).toEqual({ done: [a, b], failed: [{ ref: unpaid, error: serverErrors.orderStatusConflict.i18n }, { ref: c, error: serverErrors.trackingNoInvalid.i18n }] });
  });

  it("answers another merchant's order as a missing one to a merchant's staff member, and ships their own", async () => {
    const own = await simOrder();
    const platforms = await simOrder();
    await t.db.updateTable('orders').set({ merchant_id: merchantId }).where('order_no', '=', own).execute();
    const res = await call('ship', { items: [{ orderNo: platforms, carrier: 'sf', trackingNo: 'SF2000000011' }, { orderNo: own, carrier: 'sf', trackingNo: 'SF2000000012' }] }, merchantStaff);
    expect(res.body.data.results).toEqual([
      { ref: platforms, ok: false, error: expect.objectContaining({ code: serverErrors.orderNotFound.code, field: 'orderNo' }) },
      { ref: own, ok: true, error: null },
    ]);
    expect((await statusOf(platforms)).status).toBe('paid');
    expect((await statusOf(own)).status).toBe('shipped');
    const slips = await call('packing_slips', { orderNos: [platforms, own] }, merchantStaff);
    expect(slips.body.data.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([own]);
    expect(slips.body.data.results[0]).toMatchObject({ ref: platforms, ok: false, error: { code: serverErrors.orderNotFound.code } });
    const csv = (await call('export', { orderNos: [platforms, own] }, merchantStaff)).body.data;
    expect(csv).toMatchObject({ rows: 1, total: 1 });
    expect(csv.csv).toContain(own);
    expect(csv.csv).not.toContain(platforms);
  });

  it('refuses bad input with its catalogue error, and a role without the permission', async () => {
    const a = await simOrder();
    expect((await call('ship', { items: [] })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'items' });
    expect((await call('ship', { items: [{ orderNo: 'nope', carrier: 'sf', trackingNo: 'SF2000000021' }] })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'items.0.orderNo' });
    expect((await call('ship', { items: Array.from({ length: 201 }, () => ({ orderNo: a, carrier: 'sf', trackingNo: 'SF2000000021' })) })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'items' });
    const support = (await t.staffSignIn('support')).token;
    expect((await call('ship', { items: [{ orderNo: a, carrier: 'sf', trackingNo: 'SF2000000021' }] }, support)).body).toMatchObject({ code: serverErrors.permissionDenied.code });
    const finance = (await t.staffSignIn('finance')).token;
    expect((await call('ship_preview', { orderNos: [a], text: 'SF2000000021', carrier: 'sf' }, finance)).body).toMatchObject({ code: serverErrors.permissionDenied.code });
    expect((await statusOf(a)).status).toBe('paid');
    expect(await t.auditOf('order', a)).toEqual([]);
  });
});

describe('reading pasted tracking numbers (adminOrderBulk.ship_preview)', () => {
  it('reads each line form and checks each order before anything ships', async () => {
    const [a, b, c, d] = [await simOrder(), await simOrder(), await simOrder(), await simOrder(false)];
    const text = ['Order number,Carrier,Tracking', `${c},SF,SF3000000003`, '"dhl",1234567891', 'SF3000000001', `${d},sf,SF3000000004`, 'pigeon,ABCD1234', 'SF3000000009'].join('\r\n');
    const res = await call('ship_preview', { orderNos: [a, b, c], text, carrier: 'sf' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data.lines).toEqual([
      { line: 2, orderNo: c, carrier: 'sf', trackingNo: 'SF3000000003', error: null },
      { line: 3, orderNo: a, carrier: 'dhl', trackingNo: '1234567891', error: null },
      { line: 4, orderNo: b, carrier: 'sf', trackingNo: 'SF3000000001', error: null },
      { line: 5, orderNo: d, carrier: 'sf', trackingNo: 'SF3000000004', error: expect.objectContaining({ code: serverErrors.orderStatusConflict.code }) },
      { line: 6, orderNo: null, carrier: 'pigeon', trackingNo: 'ABCD1234', error: expect.objectContaining({ code: serverErrors.paramMissing.code, field: 'orderNo' }) },
      { line: 7, orderNo: null, carrier: 'sf', trackingNo: 'SF3000000009', error: expect.objectContaining({ code: serverErrors.paramMissing.code }) },
    ]);
    // Nothing shipped, nothing audited.
    expect((await statusOf(a)).status).toBe('paid');
    expect(await t.auditOf('order', a)).toEqual([]);
    const wrongCarrier = await call('ship_preview', { orderNos: [a], text: 'pigeon,ABCD1234' });
    expect(wrongCarrier.body.data.lines[0]!.error).toMatchObject({ code: serverErrors.carrierNotSupported.code, field: 'carrier' });
  });
});
