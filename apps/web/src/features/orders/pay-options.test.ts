import { describe, expect, it } from 'vitest';
import { cardFeeOf, payChoices } from './pay-options';

const option = (method: 'balance' | 'card' | 'wechat' | 'sandbox', available: boolean, serviceFee = 0, reason: string | null = available ? null : 'res.payment.unavailable') => ({ method, available, reason, serviceFee, total: 1000 + serviceFee, balance: method === 'balance' ? 500 : null });

describe('cardFeeOf', () => {
  it('adds the card fee of each order, rounded per order as the server charges it', () => {
    // 44.55 → 45 and 45.45 → 45; two orders of 0.11 pay 0.495 → 0 each, where one of 0.22 would pay 1.
    expect(cardFeeOf([{ total: 990 }, { total: 1010 }])).toBe(90);
    expect(cardFeeOf([{ total: 11 }, { total: 11 }])).toBe(0);
    expect(cardFeeOf([])).toBe(0);
  });
});

describe('payChoices', () => {
  it('offers only the usable methods and prefers one without a fee', () => {
    const c = payChoices([option('card', true, 45), option('wechat', false), option('sandbox', true)], false);
    expect(c.usable.map((o) => o.method)).toEqual(['card', 'sandbox']);
    expect(c.preferred?.method).toBe('sandbox');
    expect(c.wechatOutside).toBe(false);
    expect(c.balanceRefused).toBeUndefined();
  });

  it('leaves WeChat Pay out outside WeChat and says so, and offers it inside', () => {
    const options = [option('card', true, 45), option('wechat', true)];
    const outside = payChoices(options, false);
    expect(outside.usable.map((o) => o.method)).toEqual(['card']);
    expect(outside.preferred?.method).toBe('card');
    expect(outside.wechatOutside).toBe(true);
    const inside = payChoices(options, true);
    expect(inside.usable.map((o) => o.method)).toEqual(['card', 'wechat']);
    expect(inside.preferred?.method).toBe('wechat');
    expect(inside.wechatOutside).toBe(false);
  });

  it("names a reseller's balance that cannot pay, and offers nothing when nothing is usable", () => {
    const c = payChoices([option('balance', false, 0, 'res.balance.insufficient'), option('card', false)], false);
    expect(c.usable).toEqual([]);
    expect(c.preferred).toBeUndefined();
    expect(c.balanceRefused?.reason).toBe('res.balance.insufficient');
  });
});
