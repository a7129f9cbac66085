import type { CartLine } from '@simshop/contract';

/**
 * One order, one currency: the cart shows a subtotal per currency and checks out the
 * lines of one currency at a time. Pure, so the rules are unit-tested without a browser.
 */
type Line = Pick<CartLine, 'id' | 'currency' | 'unitPrice' | 'quantity' | 'selected' | 'soldOut'>;

export interface CurrencyGroup<L extends Line> {
  readonly currency: L['currency'];
  readonly lines: L[];
  /** What the selected, buyable lines of this currency cost. */
  readonly subtotal: number;
}

const chosen = <L extends Line>(lines: readonly L[]) => lines.filter((l) => l.selected && !l.soldOut);
const sum = (lines: readonly Line[]) => lines.reduce((n, l) => n + l.unitPrice * l.quantity, 0);

/** The cart's lines by currency, in the order the currencies first appear. */
export function groupByCurrency<L extends Line>(lines: readonly L[]): CurrencyGroup<L>[] {
  const groups = new Map<L['currency'], L[]>();
  for (const line of lines) groups.set(line.currency, [...(groups.get(line.currency) ?? []), line]);
  return [...groups].map(([currency, ls]) => ({ currency, lines: ls, subtotal: sum(chosen(ls)) }));
}

/**
 * What "Check out" takes: the selected lines of one currency — the first group's that has any
 * selected. Lines of another currency stay in the cart, selected, for the next order.
 */
export function checkoutOf<L extends Line>(lines: readonly L[]): { currency: L['currency'] | null; lines: L[]; total: number } {
  const group = groupByCurrency(lines).find((g) => chosen(g.lines).length > 0);
  if (!group) return { currency: null, lines: [], total: 0 };
  const take = chosen(group.lines);
  return { currency: group.currency, lines: take, total: sum(take) };
}

/** Selecting lines of one currency unselects the selected lines of any other: their ids. */
export function toUnselect(lines: readonly Line[], selecting: readonly Line[]): number[] {
  const currency = selecting[0]?.currency;
  if (currency === undefined) return [];
  return chosen(lines).filter((l) => l.currency !== currency).map((l) => l.id);
}

/** A currency group's lines by the merchant that sells them, each with its subtotal. */
export interface MerchantGroup<L extends Line & Pick<CartLine, 'merchant'>> {
  readonly merchant: L['merchant'];
  readonly lines: L[];
  /** What the selected, buyable lines of this merchant cost (checkout makes it one order). */
  readonly subtotal: number;
}

/** Lines by merchant, ordered by merchant as checkout orders its parts (the platform first). */
export function groupByMerchant<L extends Line & Pick<CartLine, 'merchant'>>(lines: readonly L[]): MerchantGroup<L>[] {
  const groups = new Map<number, L[]>();
  for (const line of lines) groups.set(line.merchant.id, [...(groups.get(line.merchant.id) ?? []), line]);
  return [...groups.values()].sort((a, b) => a[0]!.merchant.id - b[0]!.merchant.id).map((ls) => ({ merchant: ls[0]!.merchant, lines: ls, subtotal: sum(chosen(ls)) }));
}
