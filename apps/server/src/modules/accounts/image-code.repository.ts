import type { Executor } from '../../db/database.ts';

export async function insertImageCode(db: Executor, row: { id: string; answerHash: string; now: number; expiresAt: number }) {
  await db.insertInto('image_codes').values({ id: row.id, answer_hash: row.answerHash, created_at: row.now, expires_at: row.expiresAt }).execute();
}

/** Marks the image code used and returns it, or nothing when it is unknown, used or expired. Single use: one guess per picture. */
export function useImageCode(db: Executor, id: string, now: number) {
  return db
    .updateTable('image_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['answer_hash'])
    .executeTakeFirst();
}

export async function deleteExpiredImageCodes(db: Executor, now: number) {
  await db.deleteFrom('image_codes').where('expires_at', '<', now - 86_400_000).execute();
}
