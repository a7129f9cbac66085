import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { onPostgres, type Executor } from './database.ts';

/**
 * Deleting many spent rows a batch at a time. One DELETE of a year's spent rows held SQLite's only
 * writer 2.5 s, and every checkout waited that long; a batch of at most PRUNE_BATCH_ROWS rows
 * (chosen by primary key, each batch its own statement or transaction) holds it about 4 ms, at
 * most ~70 ms when its commit runs SQLite's WAL checkpoint (bench/results/retention.md), and the
 * shop's writes take their turn between batches. It does not make a prune atomic: one stopped
 * midway leaves the rest to the next round, which is all retention needs.
 */
export const PRUNE_BATCH_ROWS = 2_000;

/**
 * Runs `deleteBatch` (which deletes at most `limit` rows and says how many) until a batch comes
 * back short; how many rows in all.
 */
export async function deleteInBatches(deleteBatch: (limit: number) => Promise<number>, limit = PRUNE_BATCH_ROWS): Promise<number> {
  let removed = 0;
  for (;;) {
    const n = await deleteBatch(limit);
    removed += n;
    if (n < limit) return removed;
    // Whatever came in meanwhile (requests, their writes) runs before the next batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * `column` is one of the keys `batch` selects (a subquery of at most a batch of rows), or one of
 * the keys listed. PostgreSQL plans `in (subquery)` as a semi-join that reads the whole table for
 * every batch (82 ms for 2,000 of 180,000 rate-limit windows), and a long `in` list the same way;
 * `= any(array(…))` and `= any($1)` look each key up by its index (7 ms). SQLite looks `in` up by
 * key and has no arrays.
 */
export function keyIn(db: Executor, column: string, batch: Expression<unknown> | readonly (string | number)[]): RawBuilder<SqlBool> {
  const list = Array.isArray(batch);
  if (onPostgres(db)) return list ? sql<SqlBool>`${sql.ref(column)} = any(${batch})` : sql<SqlBool>`${sql.ref(column)} = any(array${batch})`;
  return list ? sql<SqlBool>`${sql.ref(column)} in (${sql.join(batch as readonly (string | number)[])})` : sql<SqlBool>`${sql.ref(column)} in ${batch}`;
}
