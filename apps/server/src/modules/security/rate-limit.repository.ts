import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { keyIn } from '../../db/batched-delete.ts';

/**
 * Counts one hit in the key's window and returns the count after it and when the window began. A
 * window starts at the key's first hit and lasts `windowMs`; a hit after it starts the next one.
 * Windows are not aligned to the clock: a burst that straddles a quarter hour is not counted
 * twice from zero. One upsert, so concurrent requests (and several server processes) count
 * correctly.
 */
export async function hit(db: Executor, key: string, now: number, windowMs: number): Promise<{ count: number; windowStart: number }> {
  const open = sql<boolean>`rate_limits.window_start > ${now - windowMs}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${open} then rate_limits.count + 1 else 1 end`,
        window_start: sql`case when ${open} then rate_limits.window_start else ${now} end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: row.count, windowStart: Number(row.window_start) };
}

export async function clear(db: Executor, key: string) {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

export function findStaffThrottle(db: Executor, account: string) {
  return db.selectFrom('staff_login_throttle').selectAll().where('account', '=', account).executeTakeFirst();
}

/**
 * Claims the next attempt of a slowed-down account: at most one caller gets it per delay, so
 * parallel guesses do not all slip through when the delay ends. True when this caller got it.
 */
export async function claimStaffAttempt(db: Executor, account: string, now: number, holdUntil: number): Promise<boolean> {
  const result = await db.updateTable('staff_login_throttle').set({ next_attempt_at: holdUntil }).where('account', '=', account).where('next_attempt_at', '<=', now).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One more wrong sign-in; failures older than `forgetBefore` are forgotten. Returns the count after it. */
export async function addStaffFailure(db: Executor, account: string, now: number, forgetBefore: number, delayMs: (failures: number) => number): Promise<number> {
  const row = await db
    .insertInto('staff_login_throttle')
    .values({ account, failures: 1, last_failure_at: now, next_attempt_at: now + delayMs(1) })
    .onConflict((oc) =>
      oc.column('account').doUpdateSet({
        failures: sql`case when staff_login_throttle.last_failure_at < ${forgetBefore} then 1 else staff_login_throttle.failures + 1 end`,
        last_failure_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  await db.updateTable('staff_login_throttle').set({ next_attempt_at: now + delayMs(row.failures) }).where('account', '=', account).execute();
  return row.failures;
}

export async function clearStaffThrottle(db: Executor, account: string) {
  await db.deleteFrom('staff_login_throttle').where('account', '=', account).execute();
}

/** Deletes at most `limit` counting windows that began before `before` (every window is far shorter); how many. */
export async function deleteOldWindows(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('rate_limits').select('key').where('window_start', '<', before).limit(limit);
  return Number((await db.deleteFrom('rate_limits').where(keyIn(db, 'key', batch)).executeTakeFirst()).numDeletedRows);
}
