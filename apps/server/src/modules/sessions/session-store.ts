import { hash, randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { keyIn } from '../../db/batched-delete.ts';

/**
 * One session store for customers (`sessions`, owned by `user_id`) and staff (`staff_sessions`,
 * owned by `staff_id`): a random token of which only the hash is kept, an absolute end, a
 * last-seen time that ends an idle session, and revocation. Each module keeps its own lookup (who
 * the owner is and whether they may still sign in) and passes the row it found to `keepAlive`.
 */
type Owners = { sessions: 'user_id'; staff_sessions: 'staff_id' };
type SessionTable = keyof Owners;

/** What a table stores besides what every session has (the customer's mode, the staff member's ip). */
type ExtraColumns<T extends SessionTable> = Omit<Insertable<DB[T]>, 'id' | Owners[T] | 'token_hash' | 'created_at' | 'last_seen_at' | 'expires_at' | 'revoked_at'>;

// Writing last_seen_at on every request would turn reads into writes; a minute is precise enough.
const TOUCH_INTERVAL_MS = 60_000;

// One-shot: every signed-in request hashes its token, and a Hash object per request cost more than the hash.
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A token as issued is 43 characters; anything far from that is not looked up at all. */
export function isPlausibleToken(token: string): boolean {
  return token.length >= 20 && token.length <= 100;
}

export interface SessionStore<T extends SessionTable> {
  /** Issues a new session token for its owner; only the token's hash is stored. */
  create(db: Executor, ownerId: number, extra: ExtraColumns<T>, now: number, lifetimeMs: number): Promise<string>;
  /**
   * Whether a session found by its token is still in use: false once idle longer than `idleMs`.
   * A live one has its last-seen time moved on, at most once a minute.
   */
  keepAlive(db: Executor, session: { id: number; last_seen_at: number }, idleMs: number, now: number): Promise<boolean>;
  revoke(db: Executor, sessionId: number, now: number): Promise<void>;
  /** Ends every session of an owner, or every other one when `exceptSessionId` is given. */
  revokeAllOf(db: Executor, ownerId: number, now: number, exceptSessionId?: number): Promise<void>;
  /** Deletes at most `limit` sessions that expired before `before`; how many. */
  deleteExpiredBatch(db: Executor, before: number, limit: number): Promise<number>;
  /** Deletes at most `limit` sessions revoked before `before`; how many. */
  deleteRevokedBatch(db: Executor, before: number, limit: number): Promise<number>;
}

export function sessionStore<T extends SessionTable>(table: T, owner: Owners[T]): SessionStore<T> {
  // Widened to both tables, so Kysely checks each statement against both (the insert, whose columns differ, names its table).
  const tables: SessionTable = table;
  const ownerColumn: Owners[SessionTable] = owner;
  return {
    async create(db, ownerId, extra, now, lifetimeMs) {
      const token = randomBytes(32).toString('base64url');
      const common = { token_hash: hashToken(token), created_at: now, last_seen_at: now, expires_at: now + lifetimeMs };
      if (tables === 'sessions') await db.insertInto('sessions').values({ ...extra, ...common, user_id: ownerId }).execute();
      else await db.insertInto('staff_sessions').values({ ...extra, ...common, staff_id: ownerId }).execute();
      return token;
    },
    async keepAlive(db, session, idleMs, now) {
      if (now - session.last_seen_at > idleMs) return false;
      if (now - session.last_seen_at > TOUCH_INTERVAL_MS) await db.updateTable(tables).set({ last_seen_at: now }).where('id', '=', session.id).execute();
      return true;
    },
    async revoke(db, sessionId, now) {
      await db.updateTable(tables).set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
    },
    async revokeAllOf(db, ownerId, now, exceptSessionId) {
      let q = db.updateTable(tables).set({ revoked_at: now }).where(ownerColumn, '=', ownerId).where('revoked_at', 'is', null);
      if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
      await q.execute();
    },
    // Two conditions, each on its own index: one with `or` would read the whole table for every batch.
    async deleteExpiredBatch(db, before, limit) {
      const batch = db.selectFrom(tables).select('id').where('expires_at', '<', before).limit(limit);
      return Number((await db.deleteFrom(tables).where(keyIn(db, 'id', batch)).executeTakeFirst()).numDeletedRows);
    },
    async deleteRevokedBatch(db, before, limit) {
      const batch = db.selectFrom(tables).select('id').where('revoked_at', '<', before).limit(limit);
      return Number((await db.deleteFrom(tables).where(keyIn(db, 'id', batch)).executeTakeFirst()).numDeletedRows);
    },
  };
}
