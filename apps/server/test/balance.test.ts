import { serverErrors, TOPUP_MAX, type Currency, Role } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { creditOrderTopups } from '../src/modules/balance/topup-credit.service.ts';
import { creditBalance, setBalanceLock } from '../src/modules/balance/balance.service.ts';
import { approveRefund } from '../src/modules/payments/refund.service.ts';
import { cliActor } from '../src/modules/audit/audit.service.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

const ledgerOf = (userId: number, currency: Currency = 'USD') =>
  t.db.selectFrom('balance_ledger').select(['amount', 'balance_after', 'reason', 'order_id']).where('user_id', '=', userId).where('currency', '=', currency).orderBy('id').execute();

const balanceOf = async (token: string, currency = 'USD') => (await t.call('balance', 'get', {}, { token })).body.data.items.find((b) => b.currency === currency)?.amount ?? null;

/** Every balance equals the sum of its ledger, and each row's balance_after follows from the one before. */
async function expectLedgerMatches(userId: number, token: string) {
  for (const currency of ['USD', 'CNY'] as const) {
    const rows = await ledgerOf(userId, currency);
    let running = 0;
    for (const r of rows) {
      running += r.amount;
      expect(r.balance_after).toBe(running);
    }
    expect(await balanceOf(token, currency)).toBe(rows.length ? running : null);
  }
}

async function sandboxPost(token: string, orderNo: string) {
  const pay = await t.call('order', 'pay', { orderNo, method: 'sandbox' }, { token });
  expect(pay.body.code).toBe(0);
  const url = new URL(pay.body.data.redirectUrl!).pathname;
  const page = await t.app.inject({ method: 'GET', url });
  const sig = /value="approve"><input type="hidden" name="sig" value="([0-9a-f]+)"/.exec(page.body)![1]!;
  return () => t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `outcome=approve&sig=${sig}` });
}

describe('balance.do get', () => {
  it('gives a reseller without a balance an empty list, then each currency with its locked flag', async () => {
    const r = await t.signIn(Role.reseller);
    expect((await t.call('balance', 'get', {}, { token: r.token })).body).toMatchObject({ code: 0, data: { items: [] } });
    await creditBalance(t.db, { userId: r.userId, currency: 'USD', amount: 1500, reason: 'test', orderId: null }, Date.now());
    await creditBalance(t.db, { userId: r.userId, currency: 'CNY', amount: 800, reason: 'test', orderId: null }, Date.now());
    await setBalanceLock(t.db, r.userId, 'CNY', true, Date.now());
    expect((await t.call('balance', 'get', {}, { token: r.token })).body.data.items).toEqual([
      { currency: 'CNY', amount: 800, locked: true },
      { currency: 'USD', amount: 1500, locked: false },
    ]);
    await setBalanceLock(t.db, r.userId, 'USD', true, Date.now());
    await setBalanceLock(t.db, r.userId, 'USD', false, Date.now());
    expect((await t.call('balance', 'get', {}, { token: r.token })).body.data.items[1]).toEqual({ currency: 'USD', amount: 1500, locked: false });
    // Locking is no money movement: no ledger row; a balance that does not exist cannot be locked.
    expect(await ledgerOf(r.userId, 'CNY')).toHaveLength(1);
    const none = await t.signIn(Role.reseller);
    await expect(setBalanceLock(t.db, none.userId, 'USD', true, Date.now())).rejects.toMatchObject({ def: serverErrors.balanceNotFound });
    await expectLedgerMatches(r.userId, r.token);
  });

  it('refuses a regular user and a reseller account signed in as a regular customer', async () => {
    const user = await t.signIn();
    for (const [action, body] of [['get', {}], ['topup', { amount: 1000, currency: 'USD' }]] as const) {
      expect((await t.call('balance', action, body, { token: user.token })).body.code).toBe(serverErrors.permissionDenied.code);
    }
    const regularMode = await t.signIn(Role.reseller, 'regular');
    expect((await t.call('balance', 'get', {}, { token: regularMode.token })).body.code).toBe(serverErrors.permissionDenied.code);
    expect((await t.call('balance', 'get', {})).http).toBe(401);
  });

  it('shows the demo reseller their opening balances', async () => {
    const login = await t.call('resellerLogin', 'password', { account: 'reseller@simshop.local', password: 'demo1234' });
    const items = (await t.call('balance', 'get', {}, { token: login.body.data.token })).body.data.items;
    expect(items.map((b) => b.currency).sort()).toEqual(['CNY', 'USD']);
    expect(items.every((b) => b.amount > 0 && !b.locked)).toBe(true);
  });
});

describe('balance.do topup', () => {
  it('creates an unpaid order of one top-up item that cannot be paid from the balance', async () => {
    const r = await t.signIn(Role.reseller);
    await creditBalance(t.db, { userId: r.userId, currency: 'USD', amount: 100_000, reason: 'test', orderId: null }, Date.now());
    const res = await t.call('balance', 'topup', { amount: 2500, currency: 'USD' }, { token: r.token });
    expect(res.body).toMatchObject({ code: 0, data: { amount: 2500, currency: 'USD', orderNo: expect.stringMatching(/^SS\d{14}[0-9A-Z]{6}$/) } });
    const order = (await t.call('order', 'detail', { orderNo: res.body.data.orderNo, i18n: 'zh-Hans' }, { token: r.token })).body.data;
    expect(order).toMatchObject({ status: 'unpaid', currency: 'USD', subtotal: 2500, total: 2500, freight: 0, itemCount: 1 });
    expect(order.items).toMatchObject([{ kind: 'topup', name: '余额充值', unitPrice: 2500, quantity: 1, amount: 2500 }]);
    const methods = (await t.call('order', 'payment_methods', { orderNo: order.orderNo }, { token: r.token })).body.data.options.map((o) => o.method);
    expect(methods).not.toContain('balance');
    expect(methods).toContain('sandbox');
    const byBalance = await t.call('order', 'pay', { orderNo: order.orderNo, method: 'balance' }, { token: r.token });
    expect(byBalance.body).toMatchObject({ code: serverErrors.paymentMethodUnavailable.code, field: 'method' });
    expect(await balanceOf(r.token)).toBe(100_000);
    expect((await t.call('order', 'detail', { orderNo: order.orderNo }, { token: r.token })).body.data.status).toBe('unpaid');
  });

  it('credits the balance exactly once when the sandbox payment is approved, even when the notification is replayed', async () => {
    const r = await t.signIn(Role.reseller);
    const { orderNo } = (await t.call('balance', 'topup', { amount: 12_345, currency: 'CNY' }, { token: r.token })).body.data;
    const approve = await sandboxPost(r.token, orderNo);
    expect((await approve()).statusCode).toBe(303);
    await t.drain();
    expect((await t.call('order', 'detail', { orderNo }, { token: r.token })).body.data.status).toBe('delivered');
    expect(await balanceOf(r.token, 'CNY')).toBe(12_345);
    // The provider posts again, and fulfilment runs again: nothing more is credited.
    expect((await approve()).statusCode).toBe(303);
    const order = await t.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    const items = await t.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
    await t.db.transaction().execute((tx) => creditOrderTopups(tx, order, items, Date.now()));
    await t.drain();
    expect(await balanceOf(r.token, 'CNY')).toBe(12_345);
    expect(await ledgerOf(r.userId, 'CNY')).toEqual([{ amount: 12_345, balance_after: 12_345, reason: `topup ${orderNo}`, order_id: order.id }]);
    await expectLedgerMatches(r.userId, r.token);
  });

  it('credits nothing for a declined payment, and the order can be paid again', async () => {
    const r = await t.signIn(Role.reseller);
    const { orderNo } = (await t.call('balance', 'topup', { amount: 1000, currency: 'USD' }, { token: r.token })).body.data;
    await t.paySandbox(r.token, orderNo, 'decline');
    expect((await t.call('order', 'detail', { orderNo }, { token: r.token })).body.data.status).toBe('unpaid');
    expect((await t.call('balance', 'get', {}, { token: r.token })).body.data.items).toEqual([]);
    await t.paySandbox(r.token, orderNo);
    expect(await balanceOf(r.token)).toBe(1000);
  });

  it('adds to an existing balance and shows the payment and the credit in billing', async () => {
    const r = await t.signIn(Role.reseller);
    await creditBalance(t.db, { userId: r.userId, currency: 'USD', amount: 700, reason: 'opening', orderId: null }, Date.now() - 5000);
    const { orderNo } = (await t.call('balance', 'topup', { amount: 5000, currency: 'USD' }, { token: r.token })).body.data;
    await t.paySandbox(r.token, orderNo);
    expect(await balanceOf(r.token)).toBe(5700);
    const billing = (await t.call('billing', 'list', {}, { token: r.token })).body.data.items;
    expect(billing.filter((b) => b.orderNo === orderNo).map((b) => [b.kind, b.amount, b.method]).sort()).toEqual([
      ['balance', 5000, 'balance'],
      ['payment', -5000, 'sandbox'],
    ]);
    expect(billing.find((b) => b.kind === 'balance' && b.orderNo === orderNo)!.reason).toBe(`topup ${orderNo}`);
    await expectLedgerMatches(r.userId, r.token);
  });

  it('takes a refunded top-up back out of the balance, and refuses the refund when the money was spent', async () => {
    const r = await t.signIn(Role.reseller);
    const first = (await t.call('balance', 'topup', { amount: 3000, currency: 'USD' }, { token: r.token })).body.data.orderNo;
    await t.paySandbox(r.token, first);
    expect((await t.call('order', 'refund', { orderNo: first, reason: 'other' }, { token: r.token })).body.code).toBe(0);
    await approveRefund(t.db, cliActor(), first, undefined, Date.now());
    expect(await balanceOf(r.token)).toBe(0);
    expect((await ledgerOf(r.userId)).at(-1)).toMatchObject({ amount: -3000, balance_after: 0, reason: `topup refund ${first}` });

    const second = (await t.call('balance', 'topup', { amount: 2000, currency: 'USD' }, { token: r.token })).body.data.orderNo;
    await t.paySandbox(r.token, second);
    // Spend most of it, as a generation or a balance payment would.
    const { debitBalance } = await import('../src/modules/balance/balance.service.ts');
    await t.db.transaction().execute((tx) => debitBalance(tx, { userId: r.userId, currency: 'USD', amount: 1500, reason: 'spent', orderId: null }, Date.now()));
    await t.call('order', 'refund', { orderNo: second, reason: 'other' }, { token: r.token });
    await expect(approveRefund(t.db, cliActor(), second, undefined, Date.now())).rejects.toMatchObject({ def: serverErrors.balanceInsufficient });
    expect((await t.call('order', 'detail', { orderNo: second }, { token: r.token })).body.data.status).toBe('to_be_refunded');
    // A partial refund of what is left goes through.
    await approveRefund(t.db, cliActor(), second, 500, Date.now());
    expect(await balanceOf(r.token)).toBe(0);
    await expectLedgerMatches(r.userId, r.token);
  });

  it('refuses bad amounts and currencies with the field named, and writes nothing', async () => {
    const r = await t.signIn(Role.reseller);
    const cases: Array<[Record<string, unknown>, string, number]> = [
      [{ currency: 'USD' }, 'amount', serverErrors.paramMissing.code],
      [{ amount: 1000 }, 'currency', serverErrors.paramMissing.code],
      [{ amount: 0, currency: 'USD' }, 'amount', serverErrors.paramInvalid.code],
      [{ amount: 99, currency: 'USD' }, 'amount', serverErrors.paramInvalid.code],
      [{ amount: 10.5, currency: 'USD' }, 'amount', serverErrors.paramInvalid.code],
      [{ amount: -500, currency: 'USD' }, 'amount', serverErrors.paramInvalid.code],
      [{ amount: TOPUP_MAX + 1, currency: 'USD' }, 'amount', serverErrors.paramInvalid.code],
      [{ amount: '1000', currency: 'USD' }, 'amount', serverErrors.paramInvalid.code],
      [{ amount: 1000, currency: 'EUR' }, 'currency', serverErrors.paramInvalid.code],
      [{ amount: 1000, currency: 'RMB' }, 'currency', serverErrors.paramInvalid.code],
    ];
    for (const [body, field, code] of cases) {
      expect((await t.call('balance', 'topup', body, { token: r.token })).body, JSON.stringify(body)).toMatchObject({ code, field });
    }
    expect(await t.db.selectFrom('orders').select('id').where('user_id', '=', r.userId).execute()).toEqual([]);
  });

  it('keeps another reseller\'s top-up order out of reach', async () => {
    const owner = await t.signIn(Role.reseller);
    const other = await t.signIn(Role.reseller);
    const { orderNo } = (await t.call('balance', 'topup', { amount: 1000, currency: 'USD' }, { token: owner.token })).body.data;
    expect((await t.call('order', 'pay', { orderNo, method: 'sandbox' }, { token: other.token })).body.code).toBe(serverErrors.orderNotFound.code);
    expect((await t.call('order', 'detail', { orderNo }, { token: other.token })).body.code).toBe(serverErrors.orderNotFound.code);
  });
});
