import type { Language, MessageSender } from '@simshop/contract';
import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface CustomerMessagesTable {
  id: Generated<number>;
  user_id: number;
  sender: MessageSender;
  content: string;
  created_at: Millis;
  read_at: Millis | null;
}

export interface ConversationsTable {
  user_id: number;
  customer_seen_at: Millis | null;
  shop_seen_at: Millis | null;
  notified_through: Generated<number>;
  notified_at: Millis | null;
  notified_via: 'email' | 'sms' | null;
}

/** A reply staff saved to insert into answers (0058), in one language. */
export interface SavedRepliesTable {
  id: Generated<number>;
  language: Language;
  title: string;
  content: string;
  /** Who last wrote it: the staff member's email (kept if they leave), or cli:<user>. */
  updated_by: string;
  created_at: Millis;
  updated_at: Millis;
}
