import { exportDataResponse, myDataFileName, Role, serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { creditBalance, debitBalance } from '../src/modules/balance/balance.service.ts';
import { anAddress } from './fixtures.ts';
import { useTestApp } from './harness.ts';
import { registrar, uniqueEmail } from './sign-up.ts';

const t = useTestApp();
const register = registrar(t);

/** A customer with something in every part of their data: an address, a paid eSIM order, a message, a ledger, a device and a WeChat link. */
async function customerWithData(tag: string) {
  const user = await register();
  const token = user.token;
  expect((await t.call('address', 'save', { ...anAddress, name: `Name ${tag}`, detail: `Street ${tag}` }, { token })).body.code).toBe(0);
  const orderNo = await t.buy(token, 'ESIM-ASIA-5-7', 1);
  expect((await t.call('message', 'send', { content: `Hello from ${tag}` }, { token })).body.code).toBe(0);
  const now = Date.now();
  // Money in and back out: a ledger with rows, the balance at zero (as deleting needs).
  await creditBalance(t.db, { userId: user.userId, currency: 'USD', amount: 1250, reason: 'test credit', orderId: null }, now);
  await t.db.transaction().execute((tx) => debitBalance(tx, { userId: user.userId, currency: 'USD', amount: 1250, reason: 'test spend', orderId: null }, now));
  await t.db.insertInto('devices').values({ user_id: user.userId, iccid: `8986${String(now).slice(-11)}${tag.length}`, msisdn: null, carrier: 'cu', remark: `device ${tag}`, created_at: now }).execute();
  await t.db.insertInto('wechat_accounts').values({ openid: `openid-${tag}-${now}`, user_id: user.userId, created_at: now }).execute();
  return { ...user, orderNo };
}

const exportOf = async (token: string, i18n = 'en') => {
  const res = await t.call('user', 'export_data', { i18n }, { token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return exportDataResponse.parse(res.body.data);
};

/** What a refused deletion must leave as it was. */
const snapshot = async (userId: number) => ({
  user: await t.db.selectFrom('users').select(['email', 'tel', 'nickname', 'password_hash', 'deleted_at']).where('id', '=', userId).executeTakeFirstOrThrow(),
  addresses: (await t.db.selectFrom('addresses').select('id').where('user_id', '=', userId).execute()).length,
  messages: (await t.db.selectFrom('customer_messages').select('id').where('user_id', '=', userId).execute()).length,
  devices: (await t.db.selectFrom('devices').select('id').where('user_id', '=', userId).execute()).length,
  sessions: (await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute()).length,
  events: (await t.db.selectFrom('security_events').select('id').where('account', '=', `user #${userId}`).where('kind', '=', 'customer_account_deleted').execute()).length,
});

describe('my data: the export (user.do export_data)', () => {
  it("holds the caller's account, addresses, orders with items, eSIMs, messages, ledger and devices, readable, and nothing of another customer", async () => {
    const me = await customerWithData('mine');
    const other = await customerWithData('other');
    const doc = await exportOf(me.token, 'zh-Hans');

    expect(doc.about).toMatchObject({ format: 'simshop-my-data/1', language: 'zh-Hans' });
    expect(new Date(doc.about.exportedAt).toISOString()).toBe(doc.about.exportedAt);
    expect(myDataFileName(doc.about.exportedAt)).toMatch(/^simshop-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(doc.account).toMatchObject({ id: me.userId, email: me.account, wechatLinked: true, reseller: false });
    expect(doc.addresses).toEqual([expect.objectContaining({ name: 'Name mine', detail: 'Street mine', default: true })]);
    expect(doc.orders).toHaveLength(1);
    const [order] = doc.orders;
    expect(order).toMatchObject({ orderNo: me.orderNo, total: { amount: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'USD' } });
    expect(order!.status.text).not.toBe(order!.status.code);
    expect(order!.items[0]).toMatchObject({ name: { en: expect.any(String), zh: expect.any(String) }, quantity: 1, unitPrice: { currency: 'USD' } });
    expect(doc.esims).toEqual([expect.objectContaining({ orderNo: me.orderNo, activationCode: expect.any(String) })]);
    expect(doc.messages).toEqual([expect.objectContaining({ from: 'me', text: 'Hello from mine' })]);
    expect(doc.ledger.map((l) => l.change)).toEqual([{ amount: '12.50', currency: 'USD' }, { amount: '-12.50', currency: 'USD' }]);
    expect(doc.balances).toEqual([{ balance: { amount: '0.00', currency: 'USD' }, locked: false }]);
    expect(doc.devices).toEqual([expect.objectContaining({ remark: 'device mine' })]);

    const text = JSON.stringify(doc);
    for (const foreign of [other.account, other.orderNo, 'Name other', 'Hello from other', 'device other']) expect(text).not.toContain(foreign);
    // The console sees the request among the security events, naming the account by id only.
    const events = await t.db.selectFrom('security_events').selectAll().where('kind', '=', 'customer_data_exported').where('account', '=', `user #${me.userId}`).execute();
    expect(events).toHaveLength(1);
  });

  it('is refused without a session, and to a staff token', async () => {
    expect((await t.call('user', 'export_data', {}, {})).body.code).toBe(serverErrors.unauthenticated.code);
    expect((await t.call('user', 'delete_account', { confirm: 'x' }, {})).body.code).toBe(serverErrors.unauthenticated.code);
    const { token } = await t.staffSignIn('owner');
    expect((await t.call('user', 'export_data', {}, { token })).body.code).not.toBe(0);
  });

  it('serves a reseller through reseller/user.do as well', async () => {
    const reseller = await t.signIn(Role.reseller, 'reseller');
    const res = await t.call('resellerUser', 'export_data', {}, { token: reseller.token });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(exportDataResponse.parse(res.body.data).account).toMatchObject({ id: reseller.userId, reseller: true });
  });
});

describe('my data: deleting the account (user.do delete_account)', () => {
  it('is refused with a wrong confirmation, money on a balance or an order under way, writing nothing', async () => {
    const me = await customerWithData('refused');
    const before = await snapshot(me.userId);

    const mismatch = await t.call('user', 'delete_account', { confirm: 'someone@example.com' }, { token: me.token });
    expect(mismatch.body).toMatchObject({ code: serverErrors.accountDeleteConfirmMismatch.code, field: 'confirm' });
    expect((await t.call('user', 'delete_account', { confirm: '  ' }, { token: me.token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'confirm' });
    expect(await snapshot(me.userId)).toEqual(before);

    await creditBalance(t.db, { userId: me.userId, currency: 'CNY', amount: 100, reason: 'test credit', orderId: null }, Date.now());
    const balance = await t.call('user', 'delete_account', { confirm: me.account.toUpperCase() }, { token: me.token });
    expect(balance.body.code).toBe(serverErrors.accountDeleteBalance.code);
    expect(await snapshot(me.userId)).toEqual(before);
    await t.db.transaction().execute((tx) => debitBalance(tx, { userId: me.userId, currency: 'CNY', amount: 100, reason: 'test spend', orderId: null }, Date.now()));

    // A SIM card paid and not yet shipped is an order under way.
    const addressId = (await t.call('address', 'list', {}, { token: me.token })).body.data.items[0]!.id;
    const sim = await t.sku('SIM-CU-30');
    const created = await t.call('order', 'create', { items: [{ skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId }, { token: me.token });
    const unpaid = await t.call('user', 'delete_account', { confirm: me.account }, { token: me.token });
    expect(unpaid.body.code).toBe(serverErrors.accountDeleteOrdersOpen.code);
    await t.paySandbox(me.token, created.body.data.orderNo);
    const paid = await t.call('user', 'delete_account', { confirm: me.account }, { token: me.token });
    expect(paid.body.code).toBe(serverErrors.accountDeleteOrdersOpen.code);
    expect({ ...(await snapshot(me.userId)), addresses: before.addresses }).toEqual(before);
  });

  it('anonymises the account, keeps its orders for staff, ends its sessions, frees its e-mail and leaves a security event', async () => {
    const me = await customerWithData('deleted');
    const review = await t.db.selectFrom('order_items').innerJoin('orders', 'orders.id', 'order_items.order_id').select(['order_items.id', 'order_items.product_id']).where('orders.order_no', '=', me.orderNo).executeTakeFirstOrThrow();
    await t.db.insertInto('product_comments').values({ product_id: review.product_id, user_id: me.userId, order_item_id: review.id, nickname: 'Visible Name', avatar: '/media/avatars/x', content: 'Great', images: '', reply: null, created_at: Date.now(), rating: 5, replied_at: null }).execute();
    await t.db.insertInto('stock_notices').values({ product_id: review.product_id, user_id: me.userId, channel: 'email', address: me.account, language: 'en', link: 'http://shop.test/', created_at: Date.now(), notified_at: null }).execute();
    expect((await t.call('item', 'save', { proId: review.product_id, quantity: 1 }, { token: me.token })).body.code).toBe(0);
    const ip = '192.0.2.140';

    const res = await t.call('user', 'delete_account', { confirm: ` ${me.account.toUpperCase()} ` }, { token: me.token, ip });
    expect(res.body).toMatchObject({ code: 0, data: { ok: true } });

    const user = await t.db.selectFrom('users').selectAll().where('id', '=', me.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: null, tel: null, nickname: '', name: '', avatar: null, password_hash: null, deleted_at: expect.any(Number) });
    for (const table of ['addresses', 'cart_items', 'devices', 'wechat_accounts', 'customer_messages', 'conversations', 'stock_notices'] as const) {
      expect(await t.db.selectFrom(table).select('user_id').where('user_id', '=', me.userId).execute(), table).toEqual([]);
    }
    expect(await t.db.selectFrom('product_comments').select(['nickname', 'avatar', 'content']).where('user_id', '=', me.userId).execute()).toEqual([{ nickname: '', avatar: null, content: 'Great' }]);

    // The session ends, and the account cannot sign in again.
    expect((await t.call('user', 'info', {}, { token: me.token })).body.code).toBe(serverErrors.sessionExpired.code);
    expect((await t.call('login', 'password', { account: me.account, password: me.password })).body.code).not.toBe(0);
    // Its e-mail registers anew, as a new account (a minute after the sign-up code, as the resend countdown asks).
    await t.db.updateTable('verification_codes').set({ created_at: Date.now() - 120_000 }).where('target', '=', me.account).execute();
    const again = await register(me.account);
    expect(again.userId).not.toBe(me.userId);

    // Staff still read the order, its customer anonymised.
    const { token: support } = await t.staffSignIn('support');
    const order = await t.call('adminOrder', 'detail', { orderNo: me.orderNo }, { token: support });
    expect(order.body.code, JSON.stringify(order.body)).toBe(0);
    expect(order.body.data.customer).toMatchObject({ id: me.userId, email: null, tel: null, nickname: '' });

    const { token: owner } = await t.staffSignIn('owner');
    const events = (await t.call('adminAudit', 'security_events', { kind: 'customer_account_deleted', account: `user #${me.userId}` }, { token: owner })).body.data;
    expect(events.items).toEqual([expect.objectContaining({ kind: 'customer_account_deleted', account: `user #${me.userId}`, ip })]);
  });

  it("reduces the kept orders' address copies to the country", async () => {
    const user = await register();
    const addressId = (await t.call('address', 'save', anAddress, { token: user.token })).body.data.id;
    const sim = await t.sku('SIM-CU-30');
    const created = await t.call('order', 'create', { items: [{ skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId }, { token: user.token });
    expect((await t.call('order', 'cancel', { orderNo: created.body.data.orderNo }, { token: user.token })).body.code).toBe(0);
    expect((await t.call('user', 'delete_account', { confirm: user.account }, { token: user.token })).body.code).toBe(0);
    const row = await t.db.selectFrom('orders').select('address').where('order_no', '=', created.body.data.orderNo).executeTakeFirstOrThrow();
    const copy = JSON.parse(row.address!) as Record<string, string>;
    expect(copy.country).toBe('HK');
    expect(Object.entries(copy).filter(([k, v]) => k !== 'country' && v !== '')).toEqual([]);
  });

  it('uses the phone as the confirmation of an account without e-mail', async () => {
    const { userId, token } = await t.signIn();
    const tel = `138${String(Date.now()).slice(-8)}`;
    await t.db.updateTable('users').set({ email: null, tel }).where('id', '=', userId).execute();
    expect((await t.call('user', 'delete_account', { confirm: uniqueEmail() }, { token })).body.code).toBe(serverErrors.accountDeleteConfirmMismatch.code);
    expect((await t.call('user', 'delete_account', { confirm: tel }, { token })).body.code).toBe(0);
  });
});
