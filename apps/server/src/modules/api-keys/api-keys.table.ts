import type { ApiKeyMode } from '@simshop/contract';
import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

/** 0050: a reseller's API keys; the secret only as its SHA-256. */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  mode: ApiKeyMode;
  prefix: string;
  secret_hash: string;
  /** JSON array of ApiKeyScope. */
  scopes: string;
  /** JSON array of addresses and CIDR blocks; empty: any address. */
  ip_allow: string;
  created_at: Millis;
  last_used_at: Millis | null;
  revoked_at: Millis | null;
}
