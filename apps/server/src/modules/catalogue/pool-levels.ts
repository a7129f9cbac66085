import type { Executor } from '../../db/database.ts';

export type PoolLevel = { free: number; assigned: number; total: number };
export type PoolLevelCounter = (db: Executor, skuIds: readonly number[]) => Promise<Map<number, PoolLevel>>;

/**
 * How many eSIM profiles each pool SKU has. The eSIM module counts them, and it sits above the
 * catalogue (it stocks the catalogue's SKUs), so app.ts hands its counter in when the server is
 * built; the catalogue's admin pages ask through here.
 */
let counter: PoolLevelCounter | undefined;

export function countPoolLevelsWith(count: PoolLevelCounter): void {
  counter = count;
}

export function poolLevelsOf(db: Executor, skuIds: readonly number[]): Promise<Map<number, PoolLevel>> {
  if (!counter) throw new Error('No pool level counter: app.ts hands in the eSIM module\'s');
  return counter(db, skuIds);
}
