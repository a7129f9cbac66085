import { describe, expect, it } from 'vitest';
import { fitColumns, type ColumnFit } from './fit-columns';

const col = (key: string, width: number, priority: number): ColumnFit => ({ key, width, priority });
const columns = [col('no', 200, 1), col('placed', 130, 3), col('customer', 160, 2), col('total', 110, 1), col('merchant', 140, 4), col('paid', 130, 3)];
const keys = (width: number, selection = false) => fitColumns(columns, width, selection).map((c) => c.key);

describe('fitColumns', () => {
  it('keeps every column when they fit, in their order', () => {
    expect(keys(870)).toEqual(['no', 'placed', 'customer', 'total', 'merchant', 'paid']);
  });

  it('hides the least important first, the later of equals first, and counts the selection boxes', () => {
    expect(keys(869)).toEqual(['no', 'placed', 'customer', 'total', 'paid']);
    expect(keys(729)).toEqual(['no', 'placed', 'customer', 'total']);
    expect(keys(600)).toEqual(['no', 'placed', 'customer', 'total']);
    expect(keys(599)).toEqual(['no', 'customer', 'total']);
    expect(keys(870, true)).toEqual(['no', 'placed', 'customer', 'total', 'paid']);
  });

  it('never hides the first column or a priority-1 column, however narrow', () => {
    expect(keys(100)).toEqual(['no', 'total']);
    expect(fitColumns([col('first', 300, 5), col('x', 100, 2)], 100, false).map((c) => c.key)).toEqual(['first']);
  });
});
