import type { Currency } from '@simshop/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** What a row spent on `day` (an earlier day's spending is nothing today). */
const spentOn = (day: number) => sql<number>`(case when ${sql.ref('day')} = ${day} then ${sql.ref('spent')} else 0 end)`;

export function limitsOf(db: Executor, userId: number) {
  return db.selectFrom('api_spend_limits').selectAll().where('user_id', '=', userId).execute();
}

export function limitOf(db: Executor, userId: number, currency: Currency) {
  return db.selectFrom('api_spend_limits').selectAll().where('user_id', '=', userId).where('currency', '=', currency).executeTakeFirst();
}

/** Sets a currency's limit, keeping what was spent today (a new row starts at nothing spent). */
export async function setLimit(db: Executor, row: { userId: number; currency: Currency; dailyLimit: number | null; day: number; now: number }): Promise<void> {
  await db
    .insertInto('api_spend_limits')
    .values({ user_id: row.userId, currency: row.currency, daily_limit: row.dailyLimit, day: row.day, spent: 0, warned_day: null, updated_at: row.now })
    .onConflict((oc) => oc.columns(['user_id', 'currency']).doUpdateSet({ daily_limit: row.dailyLimit, updated_at: row.now }))
    .execute();
}

/** The row spending is counted on, made with no limit when the currency has none yet. */
export async function ensureRow(db: Executor, userId: number, currency: Currency, day: number, now: number): Promise<void> {
  await db
    .insertInto('api_spend_limits')
    .values({ user_id: userId, currency, daily_limit: null, day, spent: 0, warned_day: null, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'currency']).doNothing())
    .execute();
}

/**
 * Adds `amount` to what was spent on `day` when that stays within the limit (or there is none),
 * in one statement: two orders at once cannot both pass on the same room (on PostgreSQL the
 * second waits for the row and reads the first one's sum). The row after, or undefined: over
 * the limit, nothing added.
 */
export function spendWithinLimit(db: Executor, userId: number, currency: Currency, amount: number, day: number, now: number) {
  return db
    .updateTable('api_spend_limits')
    .set({ spent: sql<number>`${spentOn(day)} + ${amount}`, day, updated_at: now })
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where((eb) => eb.or([eb('daily_limit', 'is', null), eb(sql<number>`${spentOn(day)} + ${amount}`, '<=', eb.ref('daily_limit'))]))
    .returning(['daily_limit', 'spent', 'warned_day'])
    .executeTakeFirst();
}

/** Marks today's warning as sent; false when it already was (the row is this transaction's, so no race). */
export async function markWarned(db: Executor, userId: number, currency: Currency, day: number): Promise<boolean> {
  const res = await db
    .updateTable('api_spend_limits')
    .set({ warned_day: day })
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where((eb) => eb.or([eb('warned_day', 'is', null), eb('warned_day', '<>', day)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
