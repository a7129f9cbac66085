import type { CodePurpose } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { keyIn } from '../../db/batched-delete.ts';

export async function insertChallenge(db: Executor, row: { id: string; purpose: CodePurpose; nonce: string; difficulty: number; now: number; expiresAt: number }) {
  await db.insertInto('pow_challenges').values({ id: row.id, purpose: row.purpose, nonce: row.nonce, difficulty: row.difficulty, created_at: row.now, expires_at: row.expiresAt }).execute();
}

export function findChallenge(db: Executor, id: string) {
  return db.selectFrom('pow_challenges').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Uses a challenge up; false when another request used it first. */
export async function useChallenge(db: Executor, id: string, now: number): Promise<boolean> {
  const res = await db.updateTable('pow_challenges').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Deletes at most `limit` challenges that expired before `before` (used or not: none can be used again); how many. */
export async function deleteExpiredChallenges(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('pow_challenges').select('id').where('expires_at', '<', before).limit(limit);
  return Number((await db.deleteFrom('pow_challenges').where(keyIn(db, 'id', batch)).executeTakeFirst()).numDeletedRows);
}
