import { isResellerRole, type Currency } from '@simshop/contract';
import type { Config } from '../../config.ts';
import { deleteInBatches } from '../../db/batched-delete.ts';
import type { Executor } from '../../db/database.ts';
import type { SessionMode } from './sessions.table.ts';
import * as sessions from './session.repository.ts';
import { hashToken, isPlausibleToken } from './session-store.ts';

/** The signed-in caller as handlers see it. */
export interface AuthSession {
  sessionId: number;
  userId: number;
  role: number;
  /** Signed in through the reseller login (and still a reseller account). */
  isReseller: boolean;
  /** The currency the account chose in Mine; null: the language's default. */
  currency: Currency | null;
}

/** Issues a new session token; only its hash is stored. */
export async function createSession(db: Executor, config: Config, userId: number, mode: SessionMode = 'regular', now = Date.now()): Promise<string> {
  return sessions.customerSessions.create(db, userId, { mode }, now, config.session.absoluteMs);
}

/** The session behind a token, or null when it is unknown, revoked, idle too long or past its end. */
export async function resolveSession(db: Executor, config: Config, token: string, now = Date.now(), tokenHash = hashToken(token)): Promise<AuthSession | null> {
  if (!isPlausibleToken(token)) return null;
  const row = await sessions.findActiveByTokenHash(db, tokenHash, now);
  if (!row || row.status !== 'active') return null;
  if (!(await sessions.customerSessions.keepAlive(db, row, config.session.idleMs, now))) return null;
  return { sessionId: row.id, userId: row.user_id, role: row.role, isReseller: row.mode === 'reseller' && isResellerRole(row.role), currency: row.currency };
}

export async function revokeSession(db: Executor, sessionId: number, now = Date.now()): Promise<void> {
  await sessions.customerSessions.revoke(db, sessionId, now);
}

/** Ends every session of a user, or every other one when `exceptSessionId` is given. */
export async function revokeAllSessions(db: Executor, userId: number, now = Date.now(), exceptSessionId?: number): Promise<void> {
  await sessions.customerSessions.revokeAllOf(db, userId, now, exceptSessionId);
}

/** Deletes customers' sessions that expired or were revoked before `before`, a batch at a time. */
export async function pruneCustomerSessions(db: Executor, before: number): Promise<number> {
  const expired = await deleteInBatches((limit) => sessions.customerSessions.deleteExpiredBatch(db, before, limit));
  return expired + (await deleteInBatches((limit) => sessions.customerSessions.deleteRevokedBatch(db, before, limit)));
}
