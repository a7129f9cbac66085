import { describe, expect, it } from 'vitest';
import { FIRST_ANSWERS_FRESH_MS } from '@simshop/contract';
import { parseFirstAnswers, takeAnswer } from './first-answers';

const at = 1_800_000_000_000;
const page = JSON.stringify({
  at,
  answers: [
    { endpoint: 'product', action: 'detail', body: { id: 3, i18n: 'en' }, data: { id: 3 } },
    { endpoint: 'coupon', action: 'claimable', body: { i18n: 'en', productId: 3 }, data: { items: [] } },
  ],
});

describe('first answers', () => {
  it('are taken while fresh, and not from a page older than a minute or from the future', () => {
    expect(parseFirstAnswers(page, at + 1000)).toHaveLength(2);
    expect(parseFirstAnswers(page, at + FIRST_ANSWERS_FRESH_MS)).toEqual([]);
    expect(parseFirstAnswers(page, at - FIRST_ANSWERS_FRESH_MS)).toEqual([]);
  });

  it('are none when the page has none or they do not parse', () => {
    expect(parseFirstAnswers(undefined, at)).toEqual([]);
    expect(parseFirstAnswers('{"at":', at)).toEqual([]);
    expect(parseFirstAnswers(JSON.stringify({ at }), at)).toEqual([]);
  });

  it('answer only the same call, whatever the order of its body, and only once', () => {
    const list = parseFirstAnswers(page, at);
    expect(takeAnswer(list, 'product', 'detail', { id: 3, i18n: 'zh-Hans' })).toBeUndefined();
    expect(takeAnswer(list, 'product', 'list', { id: 3, i18n: 'en' })).toBeUndefined();
    expect(takeAnswer(list, 'coupon', 'claimable', { productId: 3, i18n: 'en' })).toEqual({ items: [] });
    expect(takeAnswer(list, 'coupon', 'claimable', { productId: 3, i18n: 'en' })).toBeUndefined();
    expect(takeAnswer(list, 'product', 'detail', { i18n: 'en', id: 3 })).toEqual({ id: 3 });
  });
});
