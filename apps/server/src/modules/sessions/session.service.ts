import { hash, randomBytes } from 'node:crypto';
import { isResellerRole } from '@simshop/contract';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/database.ts';
import type { SessionMode } from './sessions.table.ts';
import * as sessions from './session.repository.ts';

/** The signed-in caller as handlers see it. */
export interface AuthSession {
  sessionId: number;
  userId: number;
  role: number;
  /** Signed in through the reseller login (and still a reseller account). */
  isReseller: boolean;
}

// Writing last_seen_at on every request would turn reads into writes; a minute is precise enough.
const TOUCH_INTERVAL_MS = 60_000;

// One-shot: every signed-in request hashes its token, and a Hash object per request cost more than the hash.
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Issues a new session token; only its hash is stored. */
export async function createSession(db: Executor, config: Config, userId: number, mode: SessionMode = 'regular', now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sessions.insertSession(db, { userId, tokenHash: hashToken(token), mode, now, expiresAt: now + config.session.absoluteMs });
  return token;
}

/** The session behind a token, or null when it is unknown, revoked, idle too long or past its end. */
export async function resolveSession(db: Executor, config: Config, token: string, now = Date.now(), tokenHash = hashToken(token)): Promise<AuthSession | null> {
  if (token.length < 20 || token.length > 100) return null;
  const row = await sessions.findActiveByTokenHash(db, tokenHash, now);
  if (!row || row.status !== 'active') return null;
  if (now - row.last_seen_at > config.session.idleMs) return null;
  if (now - row.last_seen_at > TOUCH_INTERVAL_MS) await sessions.touchSession(db, row.id, now);
  return { sessionId: row.id, userId: row.user_id, role: row.role, isReseller: row.mode === 'reseller' && isResellerRole(row.role) };
}

export async function revokeSession(db: Executor, sessionId: number, now = Date.now()): Promise<void> {
  await sessions.revokeSessionById(db, sessionId, now);
}

/** Ends every session of a user, or every other one when `exceptSessionId` is given. */
export async function revokeAllSessions(db: Executor, userId: number, now = Date.now(), exceptSessionId?: number): Promise<void> {
  await sessions.revokeAllForUser(db, userId, now, exceptSessionId);
}
