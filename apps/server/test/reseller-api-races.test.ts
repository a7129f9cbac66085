import { API_KEYS_MAX, serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { resellerApiClient } from './reseller-api-helpers.ts';

/**
 * Orders sent at the same time: one Idempotency-Key makes one order however many arrive at once,
 * and a balance never pays for more than it holds. Fifty requests are spread over the account's
 * ten keys (five each), inside each key's burst, so the rate limit refuses none of them.
 */
const t = useTestApp();
const api = resellerApiClient(t);
const PRICE = 500;

async function fiftyAtOnce(usd: number, idempotencyKey: (i: number) => string) {
  const r = await api.reseller(usd);
  const secrets: string[] = [];
  for (let i = 0; i < API_KEYS_MAX; i++) secrets.push((await api.key(r.token, { name: `k${i}` })).secret);
  const skuId = (await t.sku('ECODE-QPE')).id;
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => api.order(secrets[i % secrets.length]!, idempotencyKey(i), { skuId, quantity: 1 })));
  return { r, answers };
}

describe('parallel orders', () => {
  it('50 with one Idempotency-Key make one order, and every one answers it', async () => {
    const { r, answers } = await fiftyAtOnce(100 * PRICE, () => 'one-key');
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    const orders = await api.ordersOf(r.userId);
    expect(orders).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().orderNo))).toEqual(new Set([orders[0]!.order_no]));
    expect(await api.ecodesOf(r.userId)).toHaveLength(1);
    expect(await api.balanceOf(r.userId)).toBe(99 * PRICE);
  });

  it('50 with their own keys against a balance that covers 10 make exactly 10; the balance never goes below zero', async () => {
    const { r, answers } = await fiftyAtOnce(10 * PRICE + PRICE - 1, (i) => `key-${i}`);
    const codes = answers.map((a) => (a.statusCode === 201 ? 0 : a.json().code));
    expect(codes.filter((c) => c === 0)).toHaveLength(10);
    expect(codes.filter((c) => c !== 0)).toEqual(Array(40).fill(serverErrors.balanceInsufficient.code));
    expect(await api.ordersOf(r.userId)).toHaveLength(10);
    expect(await api.ecodesOf(r.userId)).toHaveLength(10);
    expect(await api.balanceOf(r.userId)).toBe(PRICE - 1);
    // Every debit is a ledger row that follows the one before: the balance is the sum of its ledger.
    const ledger = await t.db.selectFrom('balance_ledger').select(['amount', 'balance_after']).where('user_id', '=', r.userId).orderBy('id').execute();
    let running = 0;
    for (const row of ledger) expect(row.balance_after).toBe((running += row.amount));
    expect(running).toBe(PRICE - 1);
  });
});
