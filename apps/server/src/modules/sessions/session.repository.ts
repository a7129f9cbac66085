import type { Executor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { SessionMode } from '../../db/schema.ts';

// Every signed-in request asks this: built once (db/prepared-query.ts).
const activeByTokenHash = preparedQuery((db, v: { tokenHash: string; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.user_id', 'sessions.last_seen_at', 'sessions.expires_at', 'sessions.mode', 'users.role', 'users.status'])
    .where('sessions.token_hash', '=', v.tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', v.now),
);

export function findActiveByTokenHash(db: Executor, tokenHash: string, now: number) {
  return activeByTokenHash.takeFirst(db, { tokenHash, now });
}

export async function insertSession(db: Executor, row: { userId: number; tokenHash: string; mode: SessionMode; now: number; expiresAt: number }) {
  await db
    .insertInto('sessions')
    .values({ user_id: row.userId, token_hash: row.tokenHash, mode: row.mode, created_at: row.now, last_seen_at: row.now, expires_at: row.expiresAt })
    .execute();
}

export async function touchSession(db: Executor, id: number, now: number) {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function revokeSessionById(db: Executor, id: number, now: number) {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

export async function revokeAllForUser(db: Executor, userId: number, now: number, exceptSessionId?: number) {
  let q = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}
