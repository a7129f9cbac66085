import type { MessageSender } from '@simshop/contract';
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
