import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

/** 0038: a "notify me when it is back" request, one per product and address. */
export interface StockNoticesTable {
  id: Generated<number>;
  product_id: number;
  user_id: number | null;
  channel: 'email' | 'sms';
  /** The e-mail address (lower case) or phone number the notice goes to. */
  address: string;
  language: string;
  /** The goods page's address, for the notice. */
  link: string;
  created_at: Millis;
  /** When the notice was queued; null while it waits for the product to come back. */
  notified_at: Millis | null;
}
