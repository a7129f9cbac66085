import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

/** 0041: a browser a customer allowed notifications on (its PushSubscription). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The push service's URL for this browser: one account at a time. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), for the payload's encryption. */
  p256dh: string;
  auth: string;
  created_at: Millis;
  updated_at: Millis;
}

/** 0041: the VAPID pair made once when none is configured (not in production). */
export interface PushVapidKeysTable {
  name: string;
  public_key: string;
  private_key: string;
  created_at: Millis;
}
