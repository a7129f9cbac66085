import type { Currency } from '@simshop/contract';
import type { Millis } from '../../db/column-types.ts';

/** What a purchase preview showed (migration 0057): its confirm buys exactly that, once. */
export interface McpPurchasePreviewsTable {
  token: string;
  grant_id: string;
  user_id: number;
  sku_id: number;
  /** A top-up's eSIM (null: a new plan or ECodes). */
  esim_id: number | null;
  quantity: number;
  currency: Currency;
  unit_price: number;
  total: number;
  created_at: Millis;
  expires_at: Millis;
  /** Set by the confirm that placed the order, with its number. */
  confirmed_at: Millis | null;
  order_no: string | null;
}
