import type { AuditEntry } from '@simshop/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { actionWords, actorWords, changeLines, pagePath, readableName, valueWords, whenWords, type ValueContext } from './audit-words';

/** A translator with a few texts; anything else falls back to its default value, as i18next does. */
const texts: Record<string, string> = {
  'audit.words.value.yes': 'Yes',
  'audit.words.value.no': 'No',
  'audit.words.action.order.refund_approve': 'Approved a refund',
  'audit.words.field.refundAmount': 'Refund amount',
  'enum.orderStatus.partial_refunded': 'Partly refunded',
  'audit.words.who.provider.stripe': 'Card payment',
  'audit.words.just-now': 'Just now',
};
const t = ((key: string, options?: { defaultValue?: string; name?: string }) => texts[key] ?? options?.defaultValue ?? key) as unknown as TFunction;
const en = { t, lang: 'en' };
const ctx = (over: Partial<ValueContext> = {}): ValueContext => ({ ...en, currency: 'CNY', names: {}, targetType: 'order', ...over });

describe('values in words', () => {
  it('formats money in its currency, or as units without one', () => {
    expect(valueWords('refundAmount', 990, ctx())).toBe('¥9.90');
    expect(valueWords('price', 1250, ctx({ currency: 'USD' }))).toBe('$12.50');
    expect(valueWords('balance', 990, ctx({ currency: null }))).toBe('9.90');
  });

  it('says epoch milliseconds as a date and time, and other numbers as numbers', () => {
    expect(valueWords('publishedAt', Date.UTC(2026, 11, 1, 9, 30), ctx())).toMatch(/1 Dec 2026/);
    expect(valueWords('stock', 12000, ctx())).toBe('12,000');
  });

  it('says enums and booleans as words, unknown enum values as they are', () => {
    expect(valueWords('status', 'partial_refunded', ctx())).toBe('Partly refunded');
    expect(valueWords('status', 'something_new', ctx())).toBe('something_new');
    expect(valueWords('onSale', true, ctx())).toBe('Yes');
    expect(valueWords('onSale', false, ctx())).toBe('No');
  });

  it('names the ids staff do not know, and falls back to a number when gone', () => {
    const names = { 'product:3': { en: 'Asia eSIM', zh: '亚洲 eSIM' } };
    expect(valueWords('productIds', [3, 4], ctx({ names }))).toBe('Asia eSIM, #4');
    expect(valueWords('productId', 3, ctx({ names, lang: 'zh-Hans' }))).toBe('亚洲 eSIM');
  });

  it('shows empty values as a dash and odd shapes compactly', () => {
    expect(valueWords('trackingNo', null, ctx())).toBe('—');
    expect(valueWords('lines', [{ a: 1 }], ctx())).toBe('[{"a":1}]');
  });
});

describe('entries in words', () => {
  const entry = (before: Record<string, unknown> | null, after: Record<string, unknown> | null): Pick<AuditEntry, 'before' | 'after' | 'currency' | 'names' | 'targetType'> => ({ before, after, currency: 'CNY', names: {}, targetType: 'product' });

  it('lists only changed fields, nested ones by path, prices per currency in that currency', () => {
    const lines = changeLines(entry({ 'sku SIM-1': { price: 1000, stock: 5 }, prices: { USD: { price: 150 } } }, { 'sku SIM-1': { price: 1200, stock: 5 }, prices: { USD: { price: 175 } } }), en);
    expect(lines).toEqual([
      { key: 'sku SIM-1\u0000price', label: 'SKU SIM-1 · Price', before: '¥10.00', after: '¥12.00' },
      { key: 'prices\u0000USD\u0000price', label: 'Prices · USD · Price', before: '$1.50', after: '$1.75' },
    ]);
  });

  it('shows a creation with its values only', () => {
    expect(changeLines(entry(null, { refundAmount: 990 }), en)).toEqual([{ key: 'refundAmount', label: 'Refund amount', before: null, after: '¥9.90' }]);
  });

  it('says actions with a text, and readable ones without', () => {
    expect(actionWords('order.refund_approve', en)).toBe('Approved a refund');
    expect(actionWords('product.set_on_sale', en)).toBe('Product: set on sale');
    expect(readableName('refundAmount')).toBe('Refund amount');
  });

  it('says who: a name, the account when nameless, a provider by its words', () => {
    expect(actorWords({ kind: 'staff', name: 'Mei Lin', account: 'mei@shop', id: 2 }, en)).toBe('Mei Lin');
    expect(actorWords({ kind: 'customer', name: null, account: 'a@b.c', id: 5 }, en)).toBe('a@b.c');
    expect(actorWords({ kind: 'provider', name: 'stripe', account: null, id: null }, en)).toBe('Card payment');
  });

  it('says when: relative within a day, a date beyond', () => {
    const now = Date.UTC(2026, 5, 1, 12, 0);
    expect(whenWords(now - 20_000, now, en).relative).toBe('Just now');
    expect(whenWords(now - 5 * 60_000, now, en).relative).toBe('5 minutes ago');
    expect(whenWords(now - 3 * 3_600_000, now, { t, lang: 'zh-Hans' }).relative).toBe('3小时前');
    expect(whenWords(now - 2 * 86_400_000, now, en)).toMatchObject({ relative: null, absolute: expect.stringMatching(/30 May 2026/) });
  });

  it('links an order by its number', () => {
    expect(pagePath({ type: 'order', id: 'SS20260101000000ABCDEF' })).toBe('/orders/SS20260101000000ABCDEF');
  });
});
