import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { AuthSession } from '../modules/sessions/session.service.ts';

/** What a handler gets besides its validated input. */
export interface RequestContext {
  db: Database;
  config: Config;
  session: AuthSession | null;
  ip: string;
  now: number;
}

export interface AuthedContext extends RequestContext {
  session: AuthSession;
}
