import { describe, expect, it } from 'vitest';
import { FIRST_ANSWERS_FRESH_MS } from '@simshop/contract';
import { QueryClient } from '@tanstack/react-query';
import { callsAwaitingAnswers, parseFirstAnswers, provideFirstAnswers, seedFromFirstAnswer, seedPageAnswers, takeAnswer } from './first-answers';

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

describe('a page drawn on the server', () => {
  const keyOf = (endpoint: string, action: string, body: unknown) => [endpoint, action, body] as const;

  it('finds every answer under its call, a first page under its list too, and takes none away', () => {
    const client = new QueryClient();
    provideFirstAnswers([
      { endpoint: 'blog', action: 'list', body: { page: 1, size: 10, i18n: 'en' }, data: { items: ['a'], page: 1, size: 10, total: 1 } },
      { endpoint: 'store', action: 'detail', body: { id: 2 }, data: { id: 2 } },
    ] as never);
    seedPageAnswers(client, keyOf);
    expect(client.getQueryData(['store', 'detail', { id: 2 }])).toEqual({ id: 2 });
    // Keys match by content: the body's keys in any order.
    expect(client.getQueryData(['blog', 'list', { i18n: 'en', size: 10, page: 1 }])).toMatchObject({ items: ['a'] });
    expect(client.getQueryData(['blog', 'list', { size: 10, i18n: 'en' }])).toEqual({ pages: [{ items: ['a'], page: 1, size: 10, total: 1 }], pageParams: [1] });
    // An answer to a query the server drew the page with goes under that query's key.
    provideFirstAnswers([{ endpoint: 'product', action: 'detail', body: { id: 3 }, data: { id: 3 }, key: ['product', 'detail', { id: 3 }, { reseller: false }] }] as never);
    seedPageAnswers(client, keyOf);
    expect(client.getQueryData(['product', 'detail', { id: 3 }, { reseller: false }])).toEqual({ id: 3 });
    provideFirstAnswers([{ endpoint: 'store', action: 'detail', body: { id: 2 }, data: { id: 2 } }] as never);
    // A page's own seeding still takes its answer.
    expect(seedFromFirstAnswer(client, ['store', 'detail', { id: 2 }, 'own'] as never, { endpoint: 'store', action: 'detail', body: { id: 2 } } as never)).toBe(true);
  });

  it('names the calls its queries wait for: a list read page by page asks for its first page, an answered query for nothing', () => {
    const client = new QueryClient();
    client.getQueryCache().build(client, { queryKey: ['product', 'detail', { id: 3 }] });
    client.getQueryCache().build(client, { queryKey: ['blog', 'list', { size: 10 }], initialPageParam: 1 } as never);
    client.setQueryData(['store', 'list', {}], { items: [] });
    expect(callsAwaitingAnswers(client)).toEqual([
      { endpoint: 'product', action: 'detail', body: { id: 3 }, key: ['product', 'detail', { id: 3 }], paged: false },
      { endpoint: 'blog', action: 'list', body: { size: 10, page: 1 }, key: ['blog', 'list', { size: 10 }], paged: true },
    ]);
  });
});
