import { describe, expect, it } from 'vitest';
import { instantRefundUntil } from './order-instant-refund.service.ts';

describe('instantRefundUntil', () => {
  it('ends the given number of whole days after payment', () => {
    expect(instantRefundUntil(1_000, 30)).toBe(1_000 + 30 * 86_400_000);
    expect(instantRefundUntil(0, 1)).toBe(86_400_000);
  });

  it('never holds for an unpaid order or a period of 0 days', () => {
    expect(instantRefundUntil(null, 30)).toBeNull();
    expect(instantRefundUntil(1_000, 0)).toBeNull();
  });
});
