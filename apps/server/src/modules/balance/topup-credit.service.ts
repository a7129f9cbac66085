import type { Currency } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import * as balances from './balance.repository.ts';
import { creditBalance, debitBalance } from './balance.service.ts';
import { LedgerReason } from './ledger-reason.ts';

type TopupOrder = { id: number; user_id: number; currency: Currency; order_no: string };
type TopupItem = { id: number; kind: string; amount: number };

/**
 * Credits the reseller balance that an order's `topup` items paid for, inside the payment
 * transaction, once; returns how many units are still missing (0 when credited). The claim row
 * (keyed by the order item) is written first, so a replayed notification credits nothing.
 */
export async function creditOrderTopups(tx: Executor, order: TopupOrder, items: readonly TopupItem[], now: number): Promise<number> {
  // The item's amount is what the reseller asked for (the card fee goes to the provider).
  for (const { id, amount } of items.filter((i) => i.kind === 'topup')) {
    if (amount <= 0) continue;
    if (!(await balances.claimTopup(tx, { orderItemId: id, orderId: order.id, userId: order.user_id, currency: order.currency, amount, now }))) continue;
    await creditBalance(tx, { userId: order.user_id, currency: order.currency, amount, reason: LedgerReason.topup(order.order_no), orderId: order.id }, now);
  }
  return 0;
}

/**
 * An approved refund of a top-up order takes the refunded amount back out of the balance, in
 * the refund's transaction. Money already spent cannot be refunded: the debit then fails with
 * "insufficient balance" and the approval with it.
 */
export async function reverseRefundedTopups(tx: Executor, order: TopupOrder, refund: number, now: number): Promise<void> {
  const credited = (await balances.topupsOfOrder(tx, order.id)).reduce((sum, t) => sum + t.amount, 0);
  if (credited === 0) return;
  const left = credited - (await balances.reversedOfOrder(tx, order.id, LedgerReason.topupRefund(order.order_no)));
  const amount = Math.min(refund, left);
  if (amount <= 0) return;
  await debitBalance(tx, { userId: order.user_id, currency: order.currency, amount, reason: LedgerReason.topupRefund(order.order_no), orderId: order.id }, now);
}
