import { describe, expect, it } from 'vitest';
import type { Currency } from '@simshop/contract';
import { checkoutOf, groupByCurrency, groupByMerchant, toUnselect } from './cart-currency';

const line = (id: number, currency: Currency, unitPrice: number, quantity = 1, selected = true, soldOut = false) => ({ id, currency, unitPrice, quantity, selected, soldOut });

describe('one order, one currency', () => {
  const cny = line(1, 'CNY', 5900);
  const usd = line(2, 'USD', 1999);
  const usd2 = line(3, 'USD', 990, 2);

  it('shows a subtotal per currency instead of adding yuan to dollars', () => {
    const groups = groupByCurrency([cny, usd, usd2]);
    expect(groups.map((g) => [g.currency, g.subtotal])).toEqual([
      ['CNY', 5900],
      ['USD', 1999 + 2 * 990],
    ]);
  });

  it('leaves unselected and sold-out lines out of a subtotal', () => {
    const groups = groupByCurrency([line(1, 'USD', 100, 1, false), line(2, 'USD', 200, 1, true, true), line(3, 'USD', 300)]);
    expect(groups[0]!.subtotal).toBe(300);
  });

  it('checks out the selected lines of one currency only', () => {
    expect(checkoutOf([cny, usd, usd2])).toEqual({ currency: 'CNY', lines: [cny], total: 5900 });
    expect(checkoutOf([{ ...cny, selected: false }, usd, usd2])).toEqual({ currency: 'USD', lines: [usd, usd2], total: 3979 });
    expect(checkoutOf([{ ...cny, selected: false }])).toEqual({ currency: null, lines: [], total: 0 });
  });

  it('unselects the other currency when lines of one are selected', () => {
    expect(toUnselect([cny, usd, usd2], [usd])).toEqual([1]);
    expect(toUnselect([cny, { ...usd, selected: false }], [cny])).toEqual([]);
    expect(toUnselect([cny, usd], [])).toEqual([]);
  });
});

describe('groupByMerchant', () => {
  it('groups by merchant, platform first, each with the subtotal of its selected buyable lines', () => {
    const of = (id: number, merchantId: number, selected: boolean, soldOut = false) => ({ id, currency: 'USD' as const, unitPrice: 100, quantity: id, selected, soldOut, merchant: { id: merchantId, name: `M${merchantId}` } });
    const groups = groupByMerchant([of(1, 2, true), of(2, 1, true), of(3, 2, false), of(4, 2, true, true)]);
    expect(groups.map((g) => [g.merchant.id, g.lines.map((l) => l.id), g.subtotal])).toEqual([
      [1, [2], 200],
      [2, [1, 3, 4], 100],
    ]);
  });
});
