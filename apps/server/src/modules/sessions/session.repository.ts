import type { Executor } from '../../db/database.ts';
import { coalescedRead, inKeyList, keyList } from '../../db/coalesced-read.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { SessionMode } from './sessions.table.ts';

/**
 * Every signed-in request asks this: the live sessions behind these token hashes with
 * their users, for all the requests asking at the same time in one statement (db/coalesced-read.ts),
 * prepared once. Whether a session has ended by the caller's clock is the caller's to check.
 */
const liveByTokenHashes = preparedQuery((db, v: { tokenHashes: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.token_hash', 'sessions.user_id', 'sessions.last_seen_at', 'sessions.expires_at', 'sessions.mode', 'users.role', 'users.status'])
    .where(inKeyList(db, 'sessions.token_hash', v.tokenHashes, 'text'))
    .where('sessions.revoked_at', 'is', null),
);

const liveSessions = coalescedRead((db: Executor, tokenHashes: readonly string[]) => liveByTokenHashes.execute(db, { tokenHashes: keyList(db, tokenHashes) }));

export async function findActiveByTokenHash(db: Executor, tokenHash: string, now: number) {
  const rows = await liveSessions(db, [tokenHash]);
  return rows.find((r) => r.token_hash === tokenHash && r.expires_at > now);
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
