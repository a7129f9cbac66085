import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface ProductCommentsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number | null;
  nickname: string;
  avatar: string | null;
  content: string;
  images: string;
  reply: string | null;
  created_at: Millis;
  // admin customers (0015): hidden from the shop's goods page; when the shop last answered.
  hidden: Generated<number>;
  replied_at: Millis | null;
  // labels and reviews (0018): a review's stars, the order item it reviews (unique), its pictures (JSON file ids).
  rating: number | null;
  order_item_id: number | null;
  pictures: Generated<string>;
}
