import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface NotificationsTable {
  id: Generated<number>;
  /** One per event: the second report of the same event finds it taken. */
  dedupe_key: string;
  user_id: number;
  kind: string;
  /** What the event names (order number, amount), as JSON; the facts are read when it is sent. */
  payload: string;
  /** 'email' or 'sms' once sent, with '+push' when a device got it too. */
  channel: string | null;
  sent_at: Millis | null;
  /** Why nothing went out (turned off, no address): the job is done all the same. */
  skipped: string | null;
  created_at: Millis;
}

export interface NotificationSettingsTable {
  user_id: number;
  /** The language of the messages; null: not known yet (English). */
  language: string | null;
  chat_answered: Generated<number>;
  usage_alerts: Generated<number>;
  updated_at: Millis;
}
