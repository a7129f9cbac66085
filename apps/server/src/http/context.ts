import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Actor } from '../modules/audit/audit.service.ts';
import type { AuthSession } from '../modules/sessions/session.service.ts';
import type { StaffSession } from '../modules/staff/staff.service.ts';
import type { Providers } from '../providers/index.ts';

/** What a handler gets besides its validated input. */
export interface RequestContext {
  db: Database;
  config: Config;
  session: AuthSession | null;
  ip: string;
  now: number;
  providers: Providers;
  /** The origin the customer used (or PUBLIC_URL), for payment return addresses. */
  origin: string;
  /** The handler's read started with the session lookup (http/handlers.ts handleWithPrefetch). */
  prefetched?: Promise<unknown>;
  /** The request's logger (security events are logged here at info). */
  log: FastifyBaseLogger;
  /** A cookie sent with the request (parsed on first use). */
  cookie(name: string): string | undefined;
  /** Adds a `Set-Cookie` header (a serialised cookie) to the answer. */
  setCookie(serialised: string): void;
}

export interface AuthedContext extends RequestContext {
  session: AuthSession;
}

/** An admin action's context: the signed-in staff member, and the actor its audit rows name. */
export interface StaffContext extends RequestContext {
  staff: StaffSession;
  actor: Actor;
}
