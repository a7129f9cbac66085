import type { Executor } from '../../db/database.ts';
import { sessionStore } from './session-store.ts';
import { coalescedRead, inKeyList, keyList } from '../../db/coalesced-read.ts';
import { preparedQuery } from '../../db/prepared-query.ts';

/**
 * Every signed-in request asks this: the live sessions behind these token hashes with
 * their users, for all the requests asking at the same time in one statement (db/coalesced-read.ts),
 * prepared once. Whether a session has ended by the caller's clock is the caller's to check.
 */
const liveByTokenHashes = preparedQuery((db, v: { tokenHashes: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.token_hash', 'sessions.user_id', 'sessions.last_seen_at', 'sessions.expires_at', 'sessions.mode', 'users.role', 'users.status', 'users.currency'])
    .where(inKeyList(db, 'sessions.token_hash', v.tokenHashes, 'text'))
    .where('sessions.revoked_at', 'is', null),
);

const liveSessions = coalescedRead((db: Executor, tokenHashes: readonly string[]) => liveByTokenHashes.execute(db, { tokenHashes: keyList(db, tokenHashes) }));

export async function findActiveByTokenHash(db: Executor, tokenHash: string, now: number) {
  const rows = await liveSessions(db, [tokenHash]);
  return rows.find((r) => r.token_hash === tokenHash && r.expires_at > now);
}

/** Customers' sessions: written through the store staff sessions share. */
export const customerSessions = sessionStore('sessions', 'user_id');
