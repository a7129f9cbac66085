import type { Generated, Selectable } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Millis;
  last_seen_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
  mode: Generated<SessionMode>;
}

export type SessionMode = 'regular' | 'reseller';
export type Session = Selectable<SessionsTable>;
