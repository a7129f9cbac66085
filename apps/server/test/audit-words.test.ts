import { Role, serverErrors, type AuditEntry } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { productEditOf } from './fixtures.ts';
import { useTestApp } from './harness.ts';

/** The audit log and an order's history say who acted and what a row is about, resolved by the server. */
const t = useTestApp();
let owner: { staffId: number; token: string };
beforeAll(async () => {
  owner = await t.staffSignIn('owner');
});

const address = { name: 'Chan Tai Man', tel: '+852 6123 4567', country: 'China', province: 'Hong Kong', city: 'Kowloon', district: 'Yau Tsim Mong', postCode: '', detail: 'Nathan Road 1' };

async function customer() {
  const user = await t.signIn();
  const addressId = (await t.call('address', 'save', address, { token: user.token })).body.data.id;
  const row = await t.db.selectFrom('users').select(['email', 'nickname']).where('id', '=', user.userId).executeTakeFirstOrThrow();
  return { ...user, addressId, email: row.email!, nickname: row.nickname };
}

/** A SIM card order paid in the sandbox, its refund asked for by the customer. */
async function refundAsked() {
  const c = await customer();
  const sim = await t.sku('SIM-CU-30');
  const created = await t.call('order', 'create', { items: [{ skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId: c.addressId }, { token: c.token });
  const orderNo = created.body.data.orderNo;
  await t.paySandbox(c.token, orderNo);
  await t.call('order', 'refund', { orderNo, reason: 'not_working', note: 'No signal' }, { token: c.token });
  return { c, orderNo };
}

describe('audit rows in words', () => {
  it('names the staff member of a write, the order it was about and the currency of its amounts', async () => {
    const { orderNo } = await refundAsked();
    expect((await t.call('adminOrder', 'refund_approve', { orderNo, amount: 990 }, { token: owner.token })).body.code).toBe(0);
    const log = await t.call('adminAudit', 'list', { targetType: 'order', targetId: orderNo }, { token: owner.token });
    const entry = log.body.data.items.find((e: AuditEntry) => e.action === 'order.refund_approve');
    expect(entry).toMatchObject({
      actor: 'owner@simshop.local',
      by: { kind: 'staff', name: 'Demo owner', account: 'owner@simshop.local', id: owner.staffId },
      target: { name: { en: orderNo, zh: orderNo }, page: { type: 'order', id: orderNo } },
      currency: 'CNY',
      after: { refundAmount: 990 },
    });
    // The order's own page carries the same words.
    const page = (await t.call('adminOrder', 'detail', { orderNo }, { token: owner.token })).body.data;
    expect(page.audit.at(-1)).toMatchObject({ action: 'order.refund_approve', by: { kind: 'staff', name: 'Demo owner' }, currency: 'CNY' });
  });

  it("names the customer who moved an order and the payment provider that confirmed it", async () => {
    const { c, orderNo } = await refundAsked();
    const events = (await t.call('adminOrder', 'detail', { orderNo }, { token: owner.token })).body.data.events;
    const by = Object.fromEntries(events.map((e: { event: string; by: unknown }) => [e.event, e.by]));
    expect(by.create).toEqual({ kind: 'customer', name: c.nickname || null, account: c.email, id: c.userId });
    expect(by.request_refund).toEqual({ kind: 'customer', name: c.nickname || null, account: c.email, id: c.userId });
    expect(by.pay).toEqual({ kind: 'provider', name: 'sandbox', account: null, id: null });
  });

  it("says a customer's balance credit in its currency, and a product's price change in the product's", async () => {
    const reseller = await t.signIn(Role.reseller);
    const c = { ...reseller, ...(await t.db.selectFrom('users').select(['email', 'nickname']).where('id', '=', reseller.userId).executeTakeFirstOrThrow()) };
    expect((await t.call('adminCustomer', 'credit', { id: c.userId, currency: 'USD', amount: 1250, reason: 'Goodwill' }, { token: owner.token })).body.code).toBe(0);
    const trail = (await t.call('adminCustomer', 'audit', { id: c.userId }, { token: owner.token })).body.data.items;
    expect(trail[0]).toMatchObject({ action: 'balance.credit', currency: 'USD', by: { kind: 'staff', name: 'Demo owner' }, target: { page: { type: 'customer', id: String(c.userId) } } });
    expect(trail[0]?.target.name?.en).toBe(c.nickname || c.email || `#${c.userId}`);

    const sku = await t.sku('SIM-CU-30');
    const loaded = (await t.call('adminProduct', 'get', { id: sku.productId }, { token: owner.token })).body.data;
    const edit = productEditOf(loaded);
    const skus = edit.skus.map((s) => (s.code === 'SIM-CU-30' ? { ...s, price: s.price + 100 } : s));
    expect((await t.call('adminProduct', 'update', { ...edit, skus }, { token: owner.token })).body.code).toBe(0);
    const product = (await t.call('adminProduct', 'get', { id: sku.productId }, { token: owner.token })).body.data;
    expect(product.history[0]).toMatchObject({ action: 'product.update', currency: product.currency, by: { name: 'Demo owner' }, target: { name: product.name, page: { type: 'product', id: String(product.id) } } });
  });

  it('names the command line and the ids a change mentions', async () => {
    const { c } = await refundAsked();
    await t.db
      .insertInto('audit_log')
      .values({ staff_id: null, actor: 'cli:root', ip: null, action: 'reseller_application.approve', target_type: 'reseller_application', target_id: '77', before_json: null, after_json: JSON.stringify({ userId: c.userId }), created_at: Date.now() })
      .execute();
    const log = await t.call('adminAudit', 'list', { targetType: 'reseller_application', targetId: '77' }, { token: owner.token });
    expect(log.body.data.items[0]).toMatchObject({ by: { kind: 'cli', name: 'root' }, target: { name: null, page: { type: 'reseller_application', id: '77' } }, names: { [`customer:${c.userId}`]: { en: c.nickname || c.email } } });
  });

  it('keeps the log for roles that may read it: finance reads it, support is refused as before', async () => {
    const finance = await t.staffSignIn('finance');
    expect((await t.call('adminAudit', 'list', {}, { token: finance.token })).body.code).toBe(0);
    const support = await t.staffSignIn('support');
    expect((await t.call('adminAudit', 'list', {}, { token: support.token })).body.code).toBe(serverErrors.permissionDenied.code);
  });
});
