import { API_KEYS_MAX, Role, serverErrors } from '@simshop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../src/modules/api-spend/api-spend.service.ts';
import { creditBalance } from '../src/modules/balance/balance.service.ts';
import { useTestApp } from './harness.ts';
import { expectProblem, resellerApiClient } from './reseller-api-helpers.ts';
import { ofKind, startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { useWebhookReceiver } from './webhook-receiver.ts';

/**
 * The reseller API's daily spend limit: set and read in the shop, enforced in the transaction of
 * each API order (refused whole, 403, nothing written, the Idempotency-Key still free), 80 % of
 * it told once a day by mail and webhook, and parallel orders unable to pass it together. The
 * low-balance alert's mail is here too: it goes with the balance.low event, once per fall.
 */
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

const t = useTestApp(() => ({ SMTP_URL: sink.url }));
const api = resellerApiClient(t);
const receiver = useWebhookReceiver();
// An ECode of ECODE-QPE at the reseller's price (USD cents).
const PRICE = 500;

const limits = async (token: string) => {
  const res = await t.call('apiKey', 'spend_limits', {}, { token });
  expect(res.body.code).toBe(0);
  return res.body.data;
};
const setLimit = (token: string, dailyLimit: number | null, currency = 'USD') => t.call('apiKey', 'set_spend_limit', { currency, dailyLimit }, { token });
const usd = (data: { items: Array<{ currency: string; dailyLimit: number | null; spentToday: number }> }) => data.items.find((i) => i.currency === 'USD')!;
const emailOf = async (userId: number) => (await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email!;

async function ecodes(secret: string, key: string, quantity = 1) {
  return api.order(secret, key, { skuId: (await t.sku('ECODE-QPE')).id, quantity });
}

describe('daily spend limit', () => {
  it('is set, read and removed in the shop by the reseller only, each change a security event', async () => {
    const r = await api.reseller();
    expect((await limits(r.token)).items.every((i: { dailyLimit: number | null; spentToday: number }) => i.dailyLimit === null && i.spentToday === 0)).toBe(true);
    const set = await setLimit(r.token, 5000);
    expect(set.body.code).toBe(0);
    expect(usd(set.body.data)).toEqual({ currency: 'USD', dailyLimit: 5000, spentToday: 0 });
    expect(set.body.data.warningPercent).toBe(80);
    expect(usd(await limits(r.token)).dailyLimit).toBe(5000);
    expect(usd((await setLimit(r.token, null)).body.data).dailyLimit).toBeNull();
    for (const bad of [-1, 1.5, 10_000_000_001]) expect((await setLimit(r.token, bad)).body.code, String(bad)).toBe(serverErrors.paramInvalid.code);
    expect((await setLimit(r.token, 100, 'XXX')).body.code).toBe(serverErrors.paramInvalid.code);
    const customer = await t.signIn(Role.normal);
    expect((await setLimit(customer.token, 100)).body.code).toBe(serverErrors.permissionDenied.code);
    const events = await t.db.selectFrom('security_events').select(['kind', 'detail']).where('account', '=', `user #${r.userId}`).orderBy('id').execute();
    expect(events).toEqual([
      { kind: 'api_spend_limit_changed', detail: 'USD daily limit none → $50.00' },
      { kind: 'api_spend_limit_changed', detail: 'USD daily limit $50.00 → none' },
    ]);
  });

  it('refuses an order that would pass it with a 403 problem in both languages, writing nothing; the same key works once the limit is raised', async () => {
    const r = await api.reseller(100 * PRICE);
    const { secret } = await api.key(r.token);
    // Spending before the limit was set counts against it.
    expect((await ecodes(secret, 'before')).statusCode).toBe(201);
    await setLimit(r.token, 3 * PRICE);
    expect((await ecodes(secret, 'two', 2)).statusCode).toBe(201);
    const before = { orders: await api.ordersOf(r.userId), codes: await api.ecodesOf(r.userId), balance: await api.balanceOf(r.userId) };
    const refused = await ecodes(secret, 'over');
    const problem = expectProblem(refused, serverErrors.apiSpendLimitReached);
    expect(refused.statusCode).toBe(403);
    expect(problem.detail).toBe('This order of $5.00 would pass your API spend limit of $15.00 a day ($15.00 spent today, UTC): nothing was ordered. Raise the limit in Mine → API, or order tomorrow');
    const zh = expectProblem(await api.request('POST', '/orders', { secret, lang: 'zh-Hans', body: { skuId: (await t.sku('ECODE-QPE')).id, quantity: 1 }, headers: { 'idempotency-key': 'over-zh' } }), serverErrors.apiSpendLimitReached);
    expect(zh.detail).toContain('未下单');
    expect({ orders: await api.ordersOf(r.userId), codes: await api.ecodesOf(r.userId), balance: await api.balanceOf(r.userId) }).toEqual(before);
    expect(usd(await limits(r.token)).spentToday).toBe(3 * PRICE);
    // The shop's own pages are not limited.
    const shop = await t.call('order', 'create', { items: [{ skuId: (await t.sku('ECODE-QPE')).id, quantity: 1 }] }, { token: r.token });
    expect((await t.call('order', 'pay', { orderNo: shop.body.data.orderNo, method: 'balance' }, { token: r.token })).body.code).toBe(0);
    // Raised, the refused request's key is free: it orders now.
    await setLimit(r.token, 4 * PRICE);
    expect((await ecodes(secret, 'over')).statusCode).toBe(201);
    expect(usd(await limits(r.token)).spentToday).toBe(4 * PRICE);
    // Another currency's limit does not stop a USD order, and a new UTC day starts at nothing spent.
    await setLimit(r.token, 0, 'EUR');
    await t.db.updateTable('api_spend_limits').set({ day: utcDay(Date.now()) - 1 }).where('user_id', '=', r.userId).where('currency', '=', 'USD').execute();
    expect(usd(await limits(r.token)).spentToday).toBe(0);
    expect((await ecodes(secret, 'next-day')).statusCode).toBe(201);
  });

  it('at 80 % the reseller gets one mail and one spend_limit.warning event that day', async () => {
    const r = await api.reseller(100 * PRICE);
    const { secret } = await api.key(r.token);
    const hook = receiver.hook();
    const endpoint = (await t.call('webhook', 'create', { url: hook.url, events: ['spend_limit.warning'] }, { token: r.token })).body.data;
    await setLimit(r.token, 10 * PRICE);
    expect((await ecodes(secret, 'a', 7)).statusCode).toBe(201);
    await t.drain();
    expect(receiver.verified(hook.path, endpoint.secret)).toEqual([]);
    expect((await ecodes(secret, 'b')).statusCode).toBe(201);
    expect((await ecodes(secret, 'c')).statusCode).toBe(201);
    await t.drain();
    const day = new Date().toISOString().slice(0, 10);
    expect(receiver.verified(hook.path, endpoint.secret)).toMatchObject([{ type: 'spend_limit.warning', data: { currency: 'USD', limit: 10 * PRICE, spent: 8 * PRICE, day } }]);
    const mails = ofKind(sink.to(await emailOf(r.userId)), 'balance_alert');
    expect(mails.map((m) => m.subject)).toEqual(['Your API has spent 80 % of today’s USD limit']);
    expect(mails[0]!.text).toContain('$40.00');
    expect(mails[0]!.text).toContain('/uni/pages/mine/api');
  });

  it('parallel orders cannot pass it together: with room for 3, exactly 3 of 12 are made', async () => {
    const r = await api.reseller(100 * PRICE);
    const secrets: string[] = [];
    for (let i = 0; i < Math.min(4, API_KEYS_MAX); i++) secrets.push((await api.key(r.token, { name: `k${i}` })).secret);
    await setLimit(r.token, 3 * PRICE + PRICE - 1);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => ecodes(secrets[i % secrets.length]!, `race-${i}`)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    for (const a of answers.filter((x) => x.statusCode !== 201)) expectProblem(a, serverErrors.apiSpendLimitReached);
    expect(await api.ordersOf(r.userId)).toHaveLength(3);
    expect(await api.ecodesOf(r.userId)).toHaveLength(3);
    expect(await api.balanceOf(r.userId)).toBe(97 * PRICE);
    expect(usd(await limits(r.token)).spentToday).toBe(3 * PRICE);
  });
});

describe('low balance mail', () => {
  it('goes with balance.low, once per fall below the threshold', async () => {
    const r = await api.reseller(1_000);
    const { secret } = await api.key(r.token);
    const hook = receiver.hook();
    await t.call('webhook', 'create', { url: hook.url, events: ['balance.low'], balanceLowBelow: 600 }, { token: r.token });
    expect((await ecodes(secret, 'low-1')).statusCode).toBe(201);
    // Lower still (nothing left): no second mail for the same fall.
    expect((await ecodes(secret, 'low-2')).statusCode).toBe(201);
    await t.drain();
    const email = await emailOf(r.userId);
    expect(ofKind(sink.to(email), 'balance_alert').map((m) => m.subject)).toEqual(['Your USD balance is low: $5.00']);
    // Topped up above the threshold and down again: a new fall, a new mail.
    await creditBalance(t.db, { userId: r.userId, currency: 'USD', amount: 1_000, reason: 'test', orderId: null }, Date.now());
    expect((await ecodes(secret, 'low-3')).statusCode).toBe(201);
    await t.drain();
    expect(ofKind(sink.to(email), 'balance_alert').map((m) => m.subject)).toEqual(['Your USD balance is low: $5.00', 'Your USD balance is low: $5.00']);
  });
});
