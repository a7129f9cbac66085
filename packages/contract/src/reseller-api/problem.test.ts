import { describe, expect, it } from 'vitest';
import { serverErrors } from '../errors.ts';
import { problemSchema, toProblem } from './problem.ts';

describe('toProblem', () => {
  it('gives the RFC 9457 members and the catalogue code, in the language asked for, with both texts', () => {
    const en = toProblem(serverErrors.priceChanged, 'en', { field: 'body.expectedPrice', params: { price: 500, expected: 350 } });
    expect(problemSchema.parse(en)).toEqual({
      type: 'urn:simshop:problem:1649',
      title: 'The unit price is now 500, not the 350 you expected: nothing was ordered',
      status: 409,
      detail: 'The unit price is now 500, not the 350 you expected: nothing was ordered',
      code: 1649,
      i18n: 'res.price.changed',
      texts: { en: 'The unit price is now 500, not the 350 you expected: nothing was ordered', 'zh-Hans': '单价现为 500，不是您预期的 350：未下单' },
      field: 'body.expectedPrice',
    });
    const zh = toProblem(serverErrors.priceChanged, 'zh-Hans', { params: { price: 500, expected: 350 } });
    expect(zh.title).toBe('单价现为 500，不是您预期的 350：未下单');
    expect(zh.field).toBeNull();
  });

  it('says the detail in the same language, keeps unknown placeholders and carries Retry-After seconds', () => {
    const p = toProblem(serverErrors.paramInvalid, 'zh-Hans', { detail: { en: 'query.limit: too big', zh: 'query.limit：太大' } });
    expect(p.detail).toBe('query.limit：太大');
    expect(p.title).toBe(serverErrors.paramInvalid.zh);
    expect(toProblem(serverErrors.apiKeyScope, 'en').title).toContain('"{{scope}}"');
    expect(toProblem(serverErrors.tooFrequent, 'en', { retryAfter: 2 })).toMatchObject({ status: 429, retryAfter: 2 });
    expect('retryAfter' in toProblem(serverErrors.tooFrequent, 'en')).toBe(false);
  });
});
