/**
 * The orders of one checkout (one payment, one order per merchant) are listed together.
 * Orders come newest first and a checkout's orders are made at the same moment, so they are
 * neighbours; each run of one checkout number is a group, and an order without one stands alone.
 */
export function groupByCheckout<O extends { checkoutNo: string | null }>(orders: readonly O[]): O[][] {
  const groups: O[][] = [];
  for (const order of orders) {
    const last = groups.at(-1);
    if (last && order.checkoutNo !== null && last[0]!.checkoutNo === order.checkoutNo) last.push(order);
    else groups.push([order]);
  }
  return groups;
}
