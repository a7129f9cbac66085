import type { Executor } from '../../db/database.ts';

type OrderItemRef = { id: number; kind: string; product_id: number; sku_id: number; quantity: number };

/**
 * Credits the reseller balance that an order's `topup` items paid for, inside the payment
 * transaction, once; returns how many units are still missing (0 when credited).
 */
export async function creditOrderTopups(_tx: Executor, _order: { id: number; user_id: number }, _items: readonly OrderItemRef[], _now: number): Promise<number> {
  // Filled in by the balance work (issue 6).
  return 0;
}
