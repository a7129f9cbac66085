import { serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { evaluateCoupon, type CouponDraft, type CouponRules } from './coupon-rules.ts';

const rules: CouponRules = {
  kind: 'fixed',
  value: 500,
  maxDiscount: null,
  currency: 'USD',
  minSpend: 0,
  startsAt: 1000,
  endsAt: 5000,
  productKinds: [],
  productIds: [],
  audience: 'both',
  maxUses: null,
  uses: 0,
  perCustomer: 1,
  withWholesale: false,
  paused: false,
};
const draft: CouponDraft = { currency: 'USD', reseller: false, freight: 0, lines: [{ productId: 1, kind: 'esim', amount: 990, wholesale: false }], usedByCaller: 0, now: 2000 };
const refusal = (r: ReturnType<typeof evaluateCoupon>) => ('refusal' in r ? r.refusal.error.code : null);

describe('evaluateCoupon', () => {
  it('takes a fixed amount off, never more than the covered lines cost', () => {
    expect(evaluateCoupon(rules, draft)).toEqual({ discount: 500 });
    expect(evaluateCoupon({ ...rules, value: 5000 }, draft)).toEqual({ discount: 990 });
  });

  it('takes a percentage of the covered lines only, floored and capped', () => {
    const two = { ...draft, lines: [...draft.lines, { productId: 2, kind: 'sim', amount: 5000, wholesale: false }] };
    expect(evaluateCoupon({ ...rules, kind: 'percent', value: 10, productKinds: ['esim'] }, two)).toEqual({ discount: 99 });
    expect(evaluateCoupon({ ...rules, kind: 'percent', value: 15 }, draft)).toEqual({ discount: 148 });
    expect(evaluateCoupon({ ...rules, kind: 'percent', value: 50, maxDiscount: 300 }, draft)).toEqual({ discount: 300 });
  });

  it('takes the freight off, and refuses an order with nothing to ship', () => {
    expect(evaluateCoupon({ ...rules, kind: 'free_shipping', value: 0 }, { ...draft, freight: 1200 })).toEqual({ discount: 1200 });
    expect(refusal(evaluateCoupon({ ...rules, kind: 'free_shipping', value: 0 }, draft))).toBe(serverErrors.couponNothingToShip.code);
  });

  it('refuses each broken rule with its own message', () => {
    expect(refusal(evaluateCoupon({ ...rules, paused: true }, draft))).toBe(serverErrors.couponPaused.code);
    expect(refusal(evaluateCoupon(rules, { ...draft, now: 999 }))).toBe(serverErrors.couponNotStarted.code);
    expect(refusal(evaluateCoupon(rules, { ...draft, now: 5000 }))).toBe(serverErrors.couponExpired.code);
    expect(refusal(evaluateCoupon({ ...rules, audience: 'resellers' }, draft))).toBe(serverErrors.couponNotForAccount.code);
    expect(refusal(evaluateCoupon({ ...rules, audience: 'customers' }, { ...draft, reseller: true }))).toBe(serverErrors.couponNotForAccount.code);
    expect(refusal(evaluateCoupon({ ...rules, currency: 'CNY' }, draft))).toBe(serverErrors.couponWrongCurrency.code);
    expect(refusal(evaluateCoupon({ ...rules, maxUses: 3, uses: 3 }, draft))).toBe(serverErrors.couponUsedUp.code);
    expect(refusal(evaluateCoupon(rules, { ...draft, usedByCaller: 1 }))).toBe(serverErrors.couponAlreadyUsed.code);
    expect(refusal(evaluateCoupon({ ...rules, productIds: [7] }, draft))).toBe(serverErrors.couponNotForProducts.code);
    expect(refusal(evaluateCoupon({ ...rules, productKinds: ['sim'] }, draft))).toBe(serverErrors.couponNotForProducts.code);
    expect(refusal(evaluateCoupon(rules, { ...draft, lines: [{ ...draft.lines[0]!, wholesale: true }] }))).toBe(serverErrors.couponNotWithWholesale.code);
    expect(evaluateCoupon({ ...rules, withWholesale: true }, { ...draft, lines: [{ ...draft.lines[0]!, wholesale: true }] })).toEqual({ discount: 500 });
    const minSpend = evaluateCoupon({ ...rules, minSpend: 1000 }, draft);
    expect(refusal(minSpend)).toBe(serverErrors.couponMinSpend.code);
    expect('refusal' in minSpend && minSpend.refusal.data).toEqual({ minSpend: expect.stringContaining('10.00') });
  });
});
