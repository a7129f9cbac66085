import type { Executor } from '../../db/database.ts';

type OrderItemRef = { id: number; kind: string; product_id: number; sku_id: number; quantity: number };

/**
 * Issues the ECodes an order's `ecode` items bought, inside the payment transaction; returns
 * how many units are still missing (0 once every unit has its code).
 */
export async function issueOrderEcodes(_tx: Executor, _order: { id: number; user_id: number }, items: readonly OrderItemRef[], _now: number): Promise<number> {
  // Filled in by the ECode work (issue 6): until then ECode units stay owed.
  return items.filter((i) => i.kind === 'ecode').reduce((n, i) => n + i.quantity, 0);
}
