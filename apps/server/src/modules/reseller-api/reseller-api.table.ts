import type { Millis } from '../../db/column-types.ts';

/** 0050: the first answer to an account's Idempotency-Key, kept 24 hours. */
export interface ApiIdempotencyTable {
  user_id: number;
  idem_key: string;
  /** SHA-256 of the operation and its body: the same key with another request is refused. */
  request_hash: string;
  status: number;
  /** The answer's JSON. */
  body: string;
  created_at: Millis;
}
