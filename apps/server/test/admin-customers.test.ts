import { BALANCE_CREDIT_MAX, Role, serverErrors } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertDevice } from '../src/modules/devices/device.repository.ts';
import { useTestApp, type TestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
let support: string;
let finance: string;
beforeAll(async () => {
  [owner, support, finance] = await Promise.all([t.staffSignIn('owner'), t.staffSignIn('support'), t.staffSignIn('finance')]).then((s) => s.map((x) => x.token));
});

const idOf = async (email: string) => (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const emailOf = async (id: number) => (await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email!;
const ledgerRows = (userId: number) => t.db.selectFrom('balance_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const parsed = (rows: Awaited<ReturnType<TestApp['auditOf']>>) => rows.map((r) => ({ ...r, before: r.before_json ? JSON.parse(r.before_json) : null, after: r.after_json ? JSON.parse(r.after_json) : null }));

describe('customer list', () => {
  it('finds accounts by email, phone or name, with role, reseller and status filters', async () => {
    const byEmail = await t.call('adminCustomer', 'list', { q: 'RESELLER@simshop' }, { token: support });
    expect(byEmail.body.data).toMatchObject({ total: 1, items: [{ email: 'reseller@simshop.local', role: Role.reseller, status: 'active' }] });

    const { userId } = await t.signIn();
    await t.db.updateTable('users').set({ tel: '13800138123', name: 'Zhang Wei Findme' }).where('id', '=', userId).execute();
    expect((await t.call('adminCustomer', 'list', { q: '0138123' }, { token: support })).body.data.items.map((c) => c.id)).toEqual([userId]);
    expect((await t.call('adminCustomer', 'list', { q: 'wei findme' }, { token: support })).body.data.items.map((c) => c.id)).toEqual([userId]);
    // A typed % is a character, not a pattern.
    expect((await t.call('adminCustomer', 'list', { q: '%' }, { token: support })).body.data.total).toBe(0);

    const resellers = (await t.call('adminCustomer', 'list', { reseller: true, pageSize: 100 }, { token: support })).body.data.items;
    expect(resellers.length).toBeGreaterThanOrEqual(2);
    expect(resellers.every((c) => [Role.reseller, Role.resellerEsim, Role.foreignReseller].includes(c.role as never))).toBe(true);
    const customers = (await t.call('adminCustomer', 'list', { reseller: false, pageSize: 100 }, { token: support })).body.data.items;
    expect(customers.every((c) => c.role === Role.normal)).toBe(true);
    const foreign = (await t.call('adminCustomer', 'list', { role: Role.foreignReseller }, { token: support })).body.data.items;
    expect(foreign.map((c) => c.email)).toContain('foreign@simshop.local');

    await t.db.updateTable('users').set({ status: 'frozen' }).where('id', '=', userId).execute();
    expect((await t.call('adminCustomer', 'list', { status: 'frozen' }, { token: support })).body.data.items.map((c) => c.id)).toEqual([userId]);
  });

  it('pages and sorts on the server', async () => {
    const all = (await t.call('adminCustomer', 'list', { sortField: 'email', sortOrder: 'asc', q: 'simshop.local', pageSize: 100 }, { token: support })).body.data;
    const emails = all.items.map((c) => c.email!);
    expect(emails).toEqual([...emails].sort());
    const second = (await t.call('adminCustomer', 'list', { sortField: 'email', sortOrder: 'asc', q: 'simshop.local', page: 2, pageSize: 1 }, { token: support })).body.data;
    expect(second).toMatchObject({ total: all.total, items: [{ email: emails[1] }] });
  });

  it('refuses bad filters by field', async () => {
    expect((await t.call('adminCustomer', 'list', { status: 'gone' }, { token: support })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'status' });
    expect((await t.call('adminCustomer', 'list', { role: 4 }, { token: support })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'role' });
    expect((await t.call('adminCustomer', 'list', { sortField: 'password' }, { token: support })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'sortField' });
    expect((await t.call('adminCustomer', 'list', { pageSize: 1000 }, { token: support })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'pageSize' });
  });
});

describe('a customer\'s page', () => {
  it('shows profile, balances, orders (deleted too), eSIMs, devices and the ledger', async () => {
    const { userId, token } = await t.signIn();
    const orderNo = await t.buy(token, 'ESIM-ASIA-5-7', 1);
    const unpaid = await t.call('order', 'create', { items: [{ skuId: (await t.sku('ESIM-ASIA-10-30')).id, quantity: 2 }] }, { token });
    await t.db.updateTable('orders').set({ status: 'deleted' }).where('order_no', '=', unpaid.body.data.orderNo).execute();
    await insertDevice(t.db, { userId, iccid: '89860123456789012345', msisdn: '8613800000000', carrier: 'cu', remark: 'router', now: Date.now() });

    const detail = (await t.call('adminCustomer', 'detail', { id: userId }, { token: support })).body.data;
    expect(detail).toMatchObject({ customer: { id: userId, role: Role.normal, status: 'active', canCreateReseller: false }, balances: [], counts: { orders: 2, esims: 1, devices: 1 } });

    const orders = (await t.call('adminCustomer', 'orders', { id: userId }, { token: support })).body.data;
    expect(orders.total).toBe(2);
    expect(orders.items.map((o) => o.status)).toEqual(['deleted', 'delivered']);
    expect(orders.items[1]).toMatchObject({ orderNo, currency: 'USD', itemCount: 1, firstItem: { en: 'Asia eSIM', zh: '亚洲eSIM' }, more: 0, payMethod: 'sandbox' });

    const esims = (await t.call('adminCustomer', 'esims', { id: userId }, { token: support })).body.data;
    expect(esims).toMatchObject({ total: 1, items: [{ orderNo, name: { en: 'Asia eSIM' } }] });
    const devices = (await t.call('adminCustomer', 'devices', { id: userId }, { token: support })).body.data;
    expect(devices).toMatchObject({ total: 1, items: [{ iccid: '89860123456789012345', carrier: 'cu', remark: 'router' }] });

    const reseller = await idOf('reseller@simshop.local');
    const rd = (await t.call('adminCustomer', 'detail', { id: reseller }, { token: support })).body.data;
    expect(rd.balances.map((b) => b.currency).sort()).toEqual(['CNY', 'USD']);
    const ledger = (await t.call('adminCustomer', 'ledger', { id: reseller, currency: 'USD' }, { token: support })).body.data;
    expect(ledger.total).toBeGreaterThan(0);
    expect(ledger.items.every((e) => e.currency === 'USD')).toBe(true);
    expect(ledger.items[0]!.balanceAfter).toBe(rd.balances.find((b) => b.currency === 'USD')!.amount);
  });

  it('says "account not found" for an unknown id, and refuses one beyond 32 bits', async () => {
    for (const action of ['detail', 'orders', 'esims', 'devices', 'ledger', 'audit'] as const) {
      expect((await t.call('adminCustomer', action, { id: 999_999 }, { token: support })).body, action).toMatchObject({ code: serverErrors.accountNotFound.code, field: 'id' });
    }
    expect((await t.call('adminCustomer', 'detail', { id: 2 ** 40 }, { token: support })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'id' });
    expect((await t.call('adminCustomer', 'detail', {}, { token: support })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'id' });
  });
});

describe('status, role and allow-reseller', () => {
  it('changes each with an audit row of before and after; a non-active status or a new role ends the sessions', async () => {
    const { userId, token } = await t.signIn();
    const { staffId } = await t.staffSignIn('support');
    const frozen = await t.call('adminCustomer', 'update', { id: userId, status: 'frozen' }, { token: support, ip: '192.0.2.44' });
    expect(frozen.body.data).toMatchObject({ id: userId, status: 'frozen' });
    expect((await t.call('user', 'info', {}, { token })).http).toBe(401);

    const again = await t.signIn();
    await t.call('adminCustomer', 'update', { id: again.userId, canCreateReseller: true }, { token: support });
    // Allowing a reseller account changes no access: the session stays.
    expect((await t.call('user', 'info', {}, { token: again.token })).http).toBe(200);
    await t.call('adminCustomer', 'update', { id: again.userId, role: Role.reseller }, { token: support });
    expect((await t.call('user', 'info', {}, { token: again.token })).http).toBe(401);

    await t.call('adminCustomer', 'update', { id: userId, status: 'active', role: Role.resellerEsim }, { token: owner });
    const rows = parsed(await t.auditOf('customer', userId));
    expect(rows.map((r) => r.action)).toEqual(['customer.update', 'customer.update']);
    expect(rows[0]).toMatchObject({ actor: 'support@simshop.local', staff_id: staffId, ip: '192.0.2.44', before: { status: 'active' }, after: { status: 'frozen' } });
    expect(rows[1]).toMatchObject({ actor: 'owner@simshop.local', before: { status: 'frozen', role: Role.normal }, after: { status: 'active', role: Role.resellerEsim } });

    const listed = (await t.call('adminCustomer', 'audit', { id: userId }, { token: support })).body.data;
    expect(listed).toMatchObject({ total: 2, items: [{ action: 'customer.update', after: { role: Role.resellerEsim } }, { after: { status: 'frozen' } }] });
  });

  it('refuses bad values by field, nothing to change, and an unknown customer; writes nothing then', async () => {
    const { userId } = await t.signIn();
    const bad = [
      [{ id: userId, status: 'deleted' }, serverErrors.paramInvalid, 'status'],
      [{ id: userId, role: 5 }, serverErrors.paramInvalid, 'role'],
      [{ id: userId, canCreateReseller: 'yes' }, serverErrors.paramInvalid, 'canCreateReseller'],
      [{ id: userId }, serverErrors.paramMissing, 'status'],
      [{ id: userId, status: 'active' }, serverErrors.nothingChanged, 'status'],
      [{ id: userId, role: Role.normal, canCreateReseller: false }, serverErrors.nothingChanged, 'role'],
      [{ id: 999_999, status: 'frozen' }, serverErrors.accountNotFound, 'id'],
    ] as const;
    for (const [body, def, field] of bad) {
      expect((await t.call('adminCustomer', 'update', body, { token: support })).body, JSON.stringify(body)).toMatchObject({ code: def.code, field });
    }
    expect(await t.auditOf('customer', userId)).toEqual([]);
    expect((await t.call('adminCustomer', 'update', { id: userId, status: 'frozen' }, { token: finance })).body.code).toBe(serverErrors.permissionDenied.code);
  });
});

describe('balances (finance)', () => {
  it('credits with a reason: a ledger row and an audit row, never an edited total', async () => {
    const { userId, token } = await t.signIn(Role.reseller);
    const { staffId } = await t.staffSignIn('finance');
    const first = await t.call('adminCustomer', 'credit', { id: userId, currency: 'USD', amount: 1250, reason: '  Welcome credit  ' }, { token: finance, ip: '192.0.2.7' });
    expect(first.body.data).toMatchObject({ balance: { currency: 'USD', amount: 1250, locked: false }, entry: { amount: 1250, balanceAfter: 1250, reason: 'Welcome credit', orderNo: null } });
    const second = await t.call('adminCustomer', 'credit', { id: userId, currency: 'USD', amount: 750, reason: 'Goodwill' }, { token: owner });
    expect(second.body.data.balance.amount).toBe(2000);
    // The reseller sees the new balance and the credit in their billing.
    expect((await t.call('balance', 'get', {}, { token })).body.data.items).toEqual([{ currency: 'USD', amount: 2000, locked: false }]);

    expect((await ledgerRows(userId)).map((r) => [r.amount, r.balance_after, r.reason, r.order_id])).toEqual([
      [1250, 1250, 'Welcome credit', null],
      [750, 2000, 'Goodwill', null],
    ]);
    const rows = parsed(await t.auditOf('customer', userId));
    expect(rows).toMatchObject([
      { action: 'balance.credit', actor: 'finance@simshop.local', staff_id: staffId, ip: '192.0.2.7', before: { currency: 'USD', balance: 0 }, after: { currency: 'USD', balance: 1250, credit: 1250, reason: 'Welcome credit' } },
      { action: 'balance.credit', actor: 'owner@simshop.local', before: { balance: 1250 }, after: { balance: 2000, credit: 750 } },
    ]);
    const ledger = (await t.call('adminCustomer', 'ledger', { id: userId }, { token: support })).body.data;
    expect(ledger.items.map((e) => e.amount)).toEqual([750, 1250]);
  });

  it('refuses a bad amount, currency or reason by field, a regular customer and an unknown one, and support; writes nothing', async () => {
    const { userId } = await t.signIn(Role.reseller);
    const customer = await t.signIn();
    const ok = { id: userId, currency: 'USD', amount: 100, reason: 'x' };
    const bad = [
      [{ ...ok, amount: 0 }, serverErrors.paramInvalid, 'amount'],
      [{ ...ok, amount: -500 }, serverErrors.paramInvalid, 'amount'],
      [{ ...ok, amount: 12.5 }, serverErrors.paramInvalid, 'amount'],
      [{ ...ok, amount: BALANCE_CREDIT_MAX + 1 }, serverErrors.paramInvalid, 'amount'],
      [{ ...ok, amount: '100' }, serverErrors.paramInvalid, 'amount'],
      [{ id: userId, currency: 'USD', reason: 'x' }, serverErrors.paramMissing, 'amount'],
      [{ ...ok, currency: 'EUR' }, serverErrors.paramInvalid, 'currency'],
      [{ id: userId, currency: 'USD', amount: 100 }, serverErrors.paramMissing, 'reason'],
      [{ ...ok, reason: '   ' }, serverErrors.paramInvalid, 'reason'],
      [{ ...ok, reason: 'r'.repeat(201) }, serverErrors.paramInvalid, 'reason'],
      [{ ...ok, id: customer.userId }, serverErrors.customerNotReseller, 'id'],
      [{ ...ok, id: 999_999 }, serverErrors.accountNotFound, 'id'],
    ] as const;
    for (const [body, def, field] of bad) {
      expect((await t.call('adminCustomer', 'credit', body, { token: finance })).body, JSON.stringify(body)).toMatchObject({ code: def.code, field });
    }
    // Support talks to customers but moves no money: refused before the body is read.
    expect((await t.call('adminCustomer', 'credit', ok, { token: support })).body).toMatchObject({ code: serverErrors.permissionDenied.code });
    expect(await ledgerRows(userId)).toEqual([]);
    expect(await ledgerRows(customer.userId)).toEqual([]);
    expect(await t.auditOf('customer', userId)).toEqual([]);
  });

  it('locks and unlocks with a reason; a locked balance pays nothing; the same again is refused', async () => {
    const { userId, token } = await t.signIn(Role.reseller);
    await t.call('adminCustomer', 'credit', { id: userId, currency: 'USD', amount: 50_000, reason: 'start' }, { token: finance });
    const locked = await t.call('adminCustomer', 'lock', { id: userId, currency: 'USD', locked: true, reason: 'Chargeback under review' }, { token: finance });
    expect(locked.body.data).toMatchObject({ currency: 'USD', amount: 50_000, locked: true, lockReason: 'Chargeback under review' });
    expect((await t.call('balance', 'get', {}, { token })).body.data.items[0]).toMatchObject({ locked: true });
    const order = await t.call('order', 'create', { items: [{ skuId: (await t.sku('ESIM-ASIA-5-7')).id, quantity: 10 }] }, { token });
    expect((await t.call('order', 'pay', { orderNo: order.body.data.orderNo, method: 'balance' }, { token })).body.code).toBe(serverErrors.balanceLocked.code);

    expect((await t.call('adminCustomer', 'lock', { id: userId, currency: 'USD', locked: true, reason: 'again' }, { token: finance })).body).toMatchObject({ code: serverErrors.nothingChanged.code, field: 'locked' });
    expect((await t.call('adminCustomer', 'lock', { id: userId, currency: 'CNY', locked: true, reason: 'none' }, { token: finance })).body).toMatchObject({ code: serverErrors.balanceNotFound.code, field: 'currency' });
    expect((await t.call('adminCustomer', 'lock', { id: userId, currency: 'USD', locked: false }, { token: finance })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'reason' });
    expect((await t.call('adminCustomer', 'lock', { id: userId, currency: 'USD', reason: 'x' }, { token: finance })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'locked' });
    expect((await t.call('adminCustomer', 'lock', { id: 999_999, currency: 'USD', locked: false, reason: 'x' }, { token: finance })).body).toMatchObject({ code: serverErrors.accountNotFound.code, field: 'id' });

    const unlocked = await t.call('adminCustomer', 'lock', { id: userId, currency: 'USD', locked: false, reason: 'Resolved' }, { token: finance });
    expect(unlocked.body.data).toMatchObject({ locked: false, lockReason: null, amount: 50_000 });
    // Locks never touch the ledger.
    expect((await ledgerRows(userId)).map((r) => r.reason)).toEqual(['start']);
    expect((await t.call('order', 'pay', { orderNo: order.body.data.orderNo, method: 'balance' }, { token })).body.code).toBe(0);

    const actions = parsed(await t.auditOf('customer', userId));
    expect(actions.map((r) => r.action)).toEqual(['balance.credit', 'balance.lock', 'balance.unlock']);
    expect(actions[1]).toMatchObject({ before: { currency: 'USD', locked: false }, after: { currency: 'USD', locked: true, reason: 'Chargeback under review' } });
  });
});

describe('the command line', () => {
  it('audits balance and account changes as cli:<user>, with the same outputs', async () => {
    const { userId } = await t.signIn(Role.reseller);
    const email = await emailOf(userId);
    expect(await t.admin('balance', 'credit', email, '12.50', 'USD', 'welcome', 'gift')).toEqual({ code: 0, out: `balance of ${email} is now 12.50 USD` });
    expect(await t.admin('balance', 'lock', email, 'USD', 'fraud', 'check')).toEqual({ code: 0, out: `USD balance of ${email} is locked` });
    expect(await t.admin('balance', 'lock', email, 'USD', 'off')).toEqual({ code: 0, out: `USD balance of ${email} is unlocked` });
    expect(await t.admin('user', 'status', email, 'frozen')).toEqual({ code: 0, out: `${email} is frozen` });
    expect((await t.admin('user', 'status', email, 'gone')).out).toBe(`admin: ${serverErrors.paramInvalid.en} (status)`);
    expect((await t.admin('user', 'role', email, '4')).out).toBe(`admin: ${serverErrors.paramInvalid.en} (role)`);
    const rows = parsed(await t.auditOf('customer', userId));
    expect(rows.map((r) => r.action)).toEqual(['balance.credit', 'balance.lock', 'balance.unlock', 'customer.update']);
    expect(rows.every((r) => r.actor.startsWith('cli:') && r.staff_id === null)).toBe(true);
    expect(rows[0]!.after).toMatchObject({ reason: 'welcome gift', credit: 1250 });
    expect(rows[1]!.after).toMatchObject({ reason: 'fraud check' });
  });
});
