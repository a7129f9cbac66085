import { OrderStatus, serverErrors, UNPAID_TTL_MS, type BalanceCurrency } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import * as orders from '../orders/order.repository.ts';
import { newOrderNo } from '../orders/order.service.ts';
import * as balances from './balance.repository.ts';
import { creditBalance, debitBalance } from './balance.service.ts';

type OrderItemRef = { id: number; kind: string; product_id: number; sku_id: number; quantity: number; amount: number };

/** Ledger reasons: the order number follows, so billing shows which order moved the money. */
export const topupReason = (orderNo: string) => `topup ${orderNo}`;
export const topupRefundReason = (orderNo: string) => `topup refund ${orderNo}`;

/**
 * A top-up is an ordinary unpaid order of one `topup` item, so it is paid, notified, refunded
 * and billed like any other order. The item is written here rather than by `createOrder`:
 * its price is the amount the reseller typed, not a catalogue price, and the hidden top-up
 * product is never on sale.
 */
export async function createTopupOrder(db: Database, userId: number, input: { amount: number; currency: BalanceCurrency }, now: number) {
  return db.transaction().execute(async (tx) => {
    const sku = await balances.findTopupSku(tx, input.currency);
    if (!sku) throw new AppError(serverErrors.productNotFound, 'currency');
    const orderNo = newOrderNo(now);
    const expiresAt = now + UNPAID_TTL_MS;
    const orderId = await orders.insertOrder(tx, {
      order_no: orderNo,
      user_id: userId,
      status: OrderStatus.unpaid,
      reseller: 1,
      currency: input.currency,
      subtotal: input.amount,
      freight: 0,
      service_fee: 0,
      discount: 0,
      total: input.amount,
      remark: '',
      address: null,
      address_modifiable: 0,
      physical: 0,
      expires_at: expiresAt,
      created_at: now,
      updated_at: now,
    });
    await orders.insertItems(tx, [
      {
        order_id: orderId,
        product_id: sku.product_id,
        sku_id: sku.sku_id,
        kind: 'topup',
        name_en: sku.name_en,
        name_zh: sku.name_zh,
        options: '[]',
        images: sku.images,
        unit_price: input.amount,
        quantity: 1,
        amount: input.amount,
        inputs: '{}',
        required_inputs: '[]',
        stock_reserved: 0,
      },
    ]);
    await orders.insertEvent(tx, { orderId, event: 'create', from: null, to: OrderStatus.unpaid, actor: `user:${userId}`, reason: 'topup', now });
    return { orderNo, amount: input.amount, currency: input.currency, expiresAt };
  });
}

/** Whether an order tops up a balance: such an order cannot be paid from a balance. */
export async function isTopupOrder(db: Executor, orderId: number): Promise<boolean> {
  return (await orders.itemsOf(db, [orderId])).some((i) => i.kind === 'topup');
}

/**
 * Credits the reseller balance that an order's `topup` items paid for, inside the payment
 * transaction, once; returns how many units are still missing (0 when credited). The claim row
 * (keyed by the order item) is written first, so a replayed notification credits nothing.
 */
export async function creditOrderTopups(tx: Executor, order: { id: number; user_id: number; currency: string; order_no: string }, items: readonly OrderItemRef[], now: number): Promise<number> {
  const topups = items.filter((i) => i.kind === 'topup');
  if (topups.length === 0) return 0;
  // The item's amount is what the reseller asked for (the card fee goes to the provider).
  for (const { id, amount } of topups) {
    if (amount <= 0) continue;
    if (!(await balances.claimTopup(tx, { orderItemId: id, orderId: order.id, userId: order.user_id, currency: order.currency, amount, now }))) continue;
    await creditBalance(tx, { userId: order.user_id, currency: order.currency, amount, reason: topupReason(order.order_no), orderId: order.id }, now);
  }
  return 0;
}

/**
 * An approved refund of a top-up order takes the refunded amount back out of the balance, in
 * the refund's transaction. Money already spent cannot be refunded: the debit then fails with
 * "insufficient balance" and the approval with it.
 */
export async function reverseRefundedTopups(tx: Executor, order: { id: number; user_id: number; currency: string; order_no: string }, refund: number, now: number): Promise<void> {
  const credited = (await balances.topupsOfOrder(tx, order.id)).reduce((sum, t) => sum + t.amount, 0);
  if (credited === 0) return;
  const left = credited - (await balances.reversedOfOrder(tx, order.id, topupRefundReason(order.order_no)));
  const amount = Math.min(refund, left);
  if (amount <= 0) return;
  await debitBalance(tx, { userId: order.user_id, currency: order.currency, amount, reason: topupRefundReason(order.order_no), orderId: order.id }, now);
}
