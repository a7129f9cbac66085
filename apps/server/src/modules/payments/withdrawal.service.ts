import { WITHDRAWAL_REFUND_REASON } from '@simshop/contract';
import type { Database } from '../../db/database.ts';
import { ruleActor } from '../audit/audit.service.ts';
import { changeOrder } from '../orders/order-admin.service.ts';
import { requireOrder } from '../orders/order-admin-views.service.ts';
import { OrderActor } from '../orders/order-actor.ts';
import { applyOrderEvent } from '../orders/order-state.ts';
import { requireOwnOrder } from '../orders/order-views.service.ts';
import { takeWithdrawal } from '../orders/order-withdrawal.service.ts';
import { notify } from '../notifications/notification.service.ts';
import { payBack } from './refund.service.ts';

/**
 * An EU consumer withdraws from an order's contract (the order page's "Withdraw from contract"),
 * in one transaction: the withdrawal is stamped and the order moves to "refund requested" with
 * the reason "withdrawal" (a second one is refused). Digital content is then refunded in full by
 * the rule, as "Refund now" is (money back to the way it was paid, unused eSIM profiles
 * cancelled); goods become a return staff take back and refund as any request. Either way the
 * acknowledgement is mailed in the same transaction (the durable medium the law asks for).
 */
export async function withdraw(db: Database, userId: number, orderNo: string, now: number): Promise<void> {
  await changeOrder(db, ruleActor(), 'order.withdraw', orderNo, now, async (tx) => {
    // Another customer's order is not found, as everywhere.
    const order = await requireOwnOrder(tx, userId, orderNo);
    const kind = await takeWithdrawal(tx, order, now);
    await applyOrderEvent(tx, order, 'withdraw', { actor: OrderActor.user(userId), reason: WITHDRAWAL_REFUND_REASON, changes: { refund_id: `RF${order.order_no.slice(2)}`, refund_reason: WITHDRAWAL_REFUND_REASON, refund_note: '' } }, now);
    await notify(tx, { kind: 'withdrawal_received', userId, orderNo: order.order_no, at: now, refund: kind === 'refund' }, now);
    if (kind === 'refund') await payBack(tx, ruleActor(), await requireOrder(tx, orderNo), undefined, now);
    return { customer: userId, withdrawal: kind };
  });
}
