import { serverErrors } from '@simshop/contract';
import { AppError } from '../../lib/app-error.ts';

/**
 * The same SKU in several lines of one order counts once: together its lines must stay within
 * the product's quantity limits and the SKU's stock (checked line by line, two lines of qty_max each passed).
 * Lines alone are checked where they are priced; this looks only at SKUs that repeat, and blames
 * the last line of the SKU, the one that went over.
 */
export function checkSkuTotals(
  lines: ReadonlyArray<{ sku: { id: number; stock: number | null }; product: { qty_min: number; qty_max: number }; quantity: number }>,
  /** Each line's index in the whole checkout when these are one merchant's lines. */
  indexes: readonly number[] | null = null,
): void {
  const totals = new Map<number, { quantity: number; lines: number; last: number }>();
  lines.forEach((line, index) => {
    const seen = totals.get(line.sku.id) ?? { quantity: 0, lines: 0, last: index };
    totals.set(line.sku.id, { quantity: seen.quantity + line.quantity, lines: seen.lines + 1, last: index });
  });
  for (const [skuId, total] of totals) {
    if (total.lines < 2) continue;
    const { sku, product } = lines[total.last]!;
    const field = `items.${indexes?.[total.last] ?? total.last}.quantity`;
    if (total.quantity > product.qty_max) throw new AppError(serverErrors.orderQuantityTotal, field, { min: product.qty_min, max: product.qty_max, skuId });
    if (sku.stock !== null && total.quantity > sku.stock) throw new AppError(serverErrors.stockInsufficient, field, { left: sku.stock });
  }
}

/** Order lines in the order their rows are locked: by SKU id, so two orders never wait on each other in a circle. */
export const inLockOrder = <T extends { skuId: number }>(lines: readonly T[]): T[] => [...lines].sort((a, b) => a.skuId - b.skuId);
