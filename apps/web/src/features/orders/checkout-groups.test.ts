import { describe, expect, it } from 'vitest';
import { groupByCheckout } from './checkout-groups';

describe('groupByCheckout', () => {
  it('groups neighbours of one checkout and leaves orders without one alone', () => {
    const orders = [
      { orderNo: 'a', checkoutNo: 'C1' },
      { orderNo: 'b', checkoutNo: 'C1' },
      { orderNo: 'c', checkoutNo: null },
      { orderNo: 'd', checkoutNo: null },
      { orderNo: 'e', checkoutNo: 'C2' },
    ];
    expect(groupByCheckout(orders).map((g) => g.map((o) => o.orderNo))).toEqual([['a', 'b'], ['c'], ['d'], ['e']]);
  });
});
