import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { StoredPurpose } from './accounts.table.ts';
import { keyIn } from '../../db/batched-delete.ts';

export async function insertCode(db: Executor, row: { channel: 'sms' | 'email'; target: string; purpose: StoredPurpose; codeHash: string; now: number; expiresAt: number }) {
  const inserted = await db
    .insertInto('verification_codes')
    .values({ channel: row.channel, target: row.target, purpose: row.purpose, code_hash: row.codeHash, created_at: row.now, expires_at: row.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function latestCode(db: Executor, target: string, purpose: StoredPurpose) {
  return db
    .selectFrom('verification_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'consumed_at', 'created_at'])
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countWrongAttempt(db: Executor, id: number) {
  await db.updateTable('verification_codes').set({ attempts: sql`attempts + 1` }).where('id', '=', id).execute();
}

/** Consumes a code once: false when another request consumed it first. */
export async function consumeCode(db: Executor, id: number, now: number): Promise<boolean> {
  const res = await db.updateTable('verification_codes').set({ consumed_at: now }).where('id', '=', id).where('consumed_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Deletes at most `limit` codes that expired before `before` (used or not: they can no longer be used); how many. */
export async function deleteExpiredCodes(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('verification_codes').select('id').where('expires_at', '<', before).limit(limit);
  return Number((await db.deleteFrom('verification_codes').where(keyIn(db, 'id', batch)).executeTakeFirst()).numDeletedRows);
}
