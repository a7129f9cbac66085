import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/**
 * Counts one hit in a fixed window and returns the count after it. One upsert, so concurrent
 * requests (and several server processes) count correctly.
 */
export async function hit(db: Executor, key: string, now: number, windowMs: number): Promise<number> {
  const windowStart = now - (now % windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.window_start = ${windowStart} then rate_limits.count + 1 else 1 end`,
        window_start: windowStart,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function clear(db: Executor, key: string) {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
