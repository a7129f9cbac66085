import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  sku_id: number;
  quantity: number;
  selected: number;
  created_at: Millis;
  updated_at: Millis;
}
