import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types. Times are epoch milliseconds (bigint on PostgreSQL, read back as numbers);
 * booleans are 0/1 integers so the same queries serve SQLite and PostgreSQL.
 */
type Millis = ColumnType<number, number, number>;

export interface UsersTable {
  id: Generated<number>;
  role: number;
  user_type: number;
  nickname: string;
  name: string;
  avatar: string | null;
  tel: string | null;
  email: string | null;
  password_hash: string | null;
  status: string;
  can_create_reseller: number;
  created_at: Millis;
  updated_at: Millis;
}

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

export interface ImageCodesTable {
  id: string;
  answer_hash: string;
  expires_at: Millis;
  used_at: Millis | null;
  created_at: Millis;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  target: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Millis;
  consumed_at: Millis | null;
  created_at: Millis;
}

export interface RateLimitsTable {
  key: string;
  window_start: Millis;
  count: number;
}

export interface OutboxTable {
  id: Generated<number>;
  topic: string;
  payload: string;
  attempts: Generated<number>;
  run_after: Millis;
  locked_until: Millis | null;
  done_at: Millis | null;
  failed_at: Millis | null;
  last_error: string | null;
  created_at: Millis;
}

export interface JsonContentsTable {
  name: string;
  version: string;
  lang: string;
  content: string;
  updated_at: Millis;
}

export interface FilesTable {
  id: string;
  owner_user_id: number | null;
  /** Relative to the data directory; never a path the caller supplied. */
  path: string;
  file_name: string;
  content_type: string;
  size: number;
  created_at: Millis;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  json_contents: JsonContentsTable;
  files: FilesTable;
  image_codes: ImageCodesTable;
  verification_codes: VerificationCodesTable;
  rate_limits: RateLimitsTable;
  outbox: OutboxTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type JsonContent = Selectable<JsonContentsTable>;
export type StoredFile = Selectable<FilesTable>;
