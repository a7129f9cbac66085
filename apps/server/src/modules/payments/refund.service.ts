import type { FastifyBaseLogger } from 'fastify';
import { WebhookEventType, type Fulfilment } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { RefundReason, Topic, type TopicPayload } from '../../jobs/topics.ts';
import type { Providers } from '../../providers/index.ts';
import { ruleActor, type Actor } from '../audit/audit.service.ts';
import { creditBalance } from '../balance/balance.service.ts';
import { LedgerReason } from '../balance/ledger-reason.ts';
import { changeOrder, eventActor, refundOrderSide, requireAction } from '../orders/order-admin.service.ts';
import { requireOrder } from '../orders/order-admin-views.service.ts';
import { fulfilmentStatus, requireIssuingWaits } from '../orders/order-fulfilment.service.ts';
import { claimUntouched, requireInstantRefund } from '../orders/order-instant-refund.service.ts';
import { OrderActor } from '../orders/order-actor.ts';
import { applyOrderEvent, type OrderRow } from '../orders/order-state.ts';
import { requireOwnOrder } from '../orders/order-views.service.ts';
import { notify } from '../notifications/notification.service.ts';
import { emitWebhookEvent } from '../webhooks/webhook-events.service.ts';
import * as payments from './payment.repository.ts';

/**
 * Refunds: staff approve or reject a customer's request, or refund an order the shop could not
 * issue. The order's side (its events, what each kind of product takes back, stock) is the orders
 * module's; the money goes back here, in the same transaction, or is queued for the provider.
 */

/** Approves a requested refund, in full or in part; the money goes back in the same transaction (or is queued for the provider). */
export async function approveRefund(db: Database, actor: Actor, orderNo: string, amount: number | undefined, now: number) {
  await changeOrder(db, actor, 'order.refund_approve', orderNo, now, async (tx, order) => {
    await requireAction(tx, order, 'refund_approve');
    await payBack(tx, actor, order, amount, now);
  });
}

/**
 * A paid order the shop could not issue (an eSIM or recharge whose issuing job still waits): the
 * shop refunds it in full without waiting for the customer to ask, in one transaction (audited).
 */
export async function refundNotIssued(db: Database, actor: Actor, orderNo: string, now: number): Promise<Fulfilment> {
  await changeOrder(db, actor, 'order.refund_unissued', orderNo, now, async (tx, order) => {
    await requireIssuingWaits(tx, order, now);
    await applyOrderEvent(tx, order, 'request_refund', { actor: eventActor(actor), reason: 'not_received', changes: { refund_id: `RF${order.order_no.slice(2)}`, refund_reason: 'not_received', refund_note: 'not issued' } }, now);
    await payBack(tx, actor, await requireOrder(tx, orderNo), undefined, now);
  });
  return fulfilmentStatus(db, orderNo, now);
}

/**
 * "Refund now": the customer's order whose eSIMs were never downloaded or installed, paid within
 * the owner's period, is refunded in full in one transaction, with nobody to approve it: the
 * request, the rule's approval (audited as "rule"), the money back and the profiles cancelled.
 * A second tap is refused by the order's move; an install reported meanwhile by the eSIMs' claim.
 */
export async function refundNow(db: Database, userId: number, orderNo: string, now: number): Promise<void> {
  await changeOrder(db, ruleActor(), 'order.refund_rule', orderNo, now, async (tx) => {
    // Another customer's order is not found, as everywhere.
    const order = await requireOwnOrder(tx, userId, orderNo);
    await requireInstantRefund(tx, order, now);
    await applyOrderEvent(tx, order, 'request_refund', { actor: OrderActor.user(userId), reason: 'no_longer_needed', changes: { refund_id: `RF${order.order_no.slice(2)}`, refund_reason: 'no_longer_needed', refund_note: '' } }, now);
    await claimUntouched(tx, order, now);
    await payBack(tx, ruleActor(), await requireOrder(tx, orderNo), undefined, now);
    return { rule: 'not_installed', customer: userId };
  });
}

/** Pays back `amount` (the whole total when left out) of an order asked to be refunded. */
export function payBack(tx: Executor, actor: Actor, order: OrderRow, amount: number | undefined, now: number) {
  return refundOrderSide(tx, actor, order, amount, now, (refund) => refundOrderPayment(tx, order, refund, now));
}

export async function rejectRefund(db: Database, actor: Actor, orderNo: string, reason: string, now: number) {
  await changeOrder(db, actor, 'order.refund_reject', orderNo, now, async (tx, order) => {
    await requireAction(tx, order, 'refund_reject');
    await applyOrderEvent(tx, order, 'reject_refund', { actor: eventActor(actor), reason }, now);
    return { reason };
  });
}

/**
 * Returns money for an approved refund, in the same transaction as the refund's order event.
 * The payment may cover a whole checkout; only this order's amount goes back (a partial
 * refund at the provider), and the checkout's other orders are not touched.
 */
export async function refundOrderPayment(tx: Executor, order: OrderRow, amount: number, now: number) {
  const payment = await payments.succeededPaymentOf(tx, order.id, order.checkout_id);
  if (!payment) return;
  const notice = { userId: order.user_id, orderNo: order.order_no };
  if (payment.method === 'balance' || payment.method === 'sandbox') {
    if (payment.method === 'balance') await creditBalance(tx, { userId: order.user_id, currency: order.currency, amount, reason: LedgerReason.refund(order.order_no), orderId: order.id }, now);
    // Back at once: the customer is told in this transaction.
    await notify(tx, { kind: 'refund_paid', ...notice, amount }, now);
    await emitWebhookEvent(tx, order.user_id, WebhookEventType.refundPaid, { orderNo: order.order_no, amount, currency: order.currency }, now);
  } else {
    // Keyed by the order: two orders of one payment are two refunds at the provider, never one twice.
    await enqueue(tx, Topic.paymentRefund, { paymentId: payment.id, amount, reason: RefundReason.approved, notice, ...(payment.checkout_id !== null ? { key: `refund-${order.order_no}` } : {}) }, now);
  }
}

/** The `payment.refund` job: gives the money back at the provider (a balance refund was booked in the refund's transaction). */
export async function refundAtProvider(db: Database, providers: Providers, log: FastifyBaseLogger, refund: TopicPayload<typeof Topic.paymentRefund>): Promise<void> {
  const payment = await payments.findPayment(db, refund.paymentId);
  if (!payment) throw new Error(`no payment ${refund.paymentId}`);
  if (payment.method === 'card') {
    if (!providers.card || !payment.provider_ref) throw new Error('card refund needs Stripe and the payment intent');
    await providers.card.refund({ paymentIntent: payment.provider_ref, amount: refund.amount, idempotencyKey: refund.key });
    // The card refund is made: the customer hears it once (the event's key holds across a re-run of this job).
    if (refund.notice) {
      const { userId, orderNo } = refund.notice;
      await db.transaction().execute(async (tx) => {
        await notify(tx, { kind: 'refund_paid', userId, orderNo, amount: refund.amount }, Date.now());
        await emitWebhookEvent(tx, userId, WebhookEventType.refundPaid, { orderNo, amount: refund.amount, currency: payment.currency }, Date.now());
      });
    }
  } else if (payment.method === 'wechat') {
    // WeChat Pay refunds need the merchant certificate flow: the owner refunds in the merchant platform.
    log.warn({ paymentId: payment.id, amount: refund.amount }, 'refund this WeChat Pay payment in the merchant platform');
  }
}
