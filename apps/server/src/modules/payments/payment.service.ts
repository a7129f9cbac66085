import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { methodFee, OrderStatus, serverErrors, WebhookEventType, type Currency as PayCurrency, type PayMethod } from '@simshop/contract';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { RefundReason, Topic, topicPayloads, type AutoRefundReason } from '../../jobs/topics.ts';
import type { Providers } from '../../providers/index.ts';
import type { AuthSession } from '../sessions/session.service.ts';
import { balanceOf, checkDebit, debitWithMove } from '../balance/balance.service.ts';
import { LedgerReason } from '../balance/ledger-reason.ts';
import { OrderActor } from '../orders/order-actor.ts';
import type { OrderRow } from '../orders/order-state.ts';
import { expireUnpaidOrders } from '../orders/order-sweeps.service.ts';
import { orderDetail, requireOwnOrder } from '../orders/order-views.service.ts';
import { kindsPayableFromBalance, markOrderPaid, orderById, ordersPaidTogether, ownOrderPaidTogether, payableFromBalance, setPaymentFee, totalBeforeFee, withPaymentFee } from '../orders/order.service.ts';
import { emitBalanceLow, emitWebhookEvent } from '../webhooks/webhook-events.service.ts';
import * as payments from './payment.repository.ts';

export const returnUrl = (origin: string, orderNo: string) => `${origin}/uni/pages/order/payment-notice?orderNo=${encodeURIComponent(orderNo)}`;
/** SPEC §2: the order list is the payment cancel address. */
export const cancelUrl = (origin: string) => `${origin}/uni/pages/order/index`;

function unavailableReason(config: Config, providers: Providers, session: AuthSession, method: PayMethod): string | null {
  switch (method) {
    case 'balance':
      return session.isReseller ? null : 'res.permission.denied';
    case 'card':
      return providers.card ? null : 'res.payment.unavailable';
    case 'wechat':
      return providers.wechat ? null : 'res.payment.unavailable';
    case 'sandbox':
      return config.sandboxPayments ? null : 'res.payment.unavailable';
  }
}

/** Thrown in a payment's transaction when the order's time ran out: the order is expired after the rollback. */
class OrderExpiredMeanwhile extends Error {}

/**
 * The order the customer pays, while it is unpaid, with every order the payment covers (all
 * orders of its checkout, which share one deadline and are cancelled together, so they are
 * unpaid together) and, when asked, their items: read once, in the payment's transaction; the
 * fees and totals are set from these rows.
 */
async function payableTogether(tx: Executor, userId: number, orderNo: string, now: number, withItems: boolean) {
  const payable = await ownOrderPaidTogether(tx, userId, orderNo, withItems);
  const { order, all } = payable;
  if (order.status === OrderStatus.unpaid && order.expires_at !== null && order.expires_at <= now) throw new OrderExpiredMeanwhile();
  if (order.status !== OrderStatus.unpaid) throw new AppError(serverErrors.orderStatusConflict, 'orderNo', { status: order.status });
  const other = all.find((o) => o.status !== OrderStatus.unpaid);
  if (other || all.length === 0) throw new AppError(serverErrors.orderStatusConflict, 'orderNo', other ? { status: other.status } : undefined);
  return payable;
}

/** A payment's transaction, from the read of what it pays on (payableTogether). */
async function inPayment<T>(db: Database, run: (tx: Executor) => Promise<T>, now: number): Promise<T> {
  try {
    return await db.transaction().execute(run);
  } catch (err) {
    if (!(err instanceof OrderExpiredMeanwhile)) throw err;
    // The sweeper has not got to it yet: expire it now rather than take money for it.
    await expireUnpaidOrders(db, now);
    throw new AppError(serverErrors.orderStatusConflict, 'orderNo', { status: OrderStatus.invalid });
  }
}

/** The checkout a payment of these orders records: set only when it covers more than one order. */
const checkoutIdOf = (all: readonly OrderRow[]) => (all.length > 1 ? all[0]!.checkout_id : null);

/** The payment of these orders (priced with their fees) as recorded. */
const paymentRowOf = (paymentId: string, method: PayMethod, order: OrderRow, all: readonly OrderRow[], priced: readonly OrderRow[], status: 'succeeded' | 'pending', now: number) => {
  const amount = priced.reduce((n, o) => n + o.total, 0);
  return { id: paymentId, order_id: order.id, checkout_id: checkoutIdOf(all), method, amount, currency: order.currency, status, provider_ref: null, created_at: now, updated_at: now };
};
/** Each order with the method's fee and its total by the one formula (not written). */
const withFeesOf = (method: PayMethod, all: readonly OrderRow[]) => all.map((o) => withPaymentFee(o, methodFee(method, totalBeforeFee(o))));


export async function paymentOptions(db: Database, config: Config, providers: Providers, session: AuthSession, orderNo: string) {
  const order = await requireOwnOrder(db, session.userId, orderNo);
  // One payment pays the whole checkout; each order carries its own fee (per-order refunds stay exact).
  const all = order.status === OrderStatus.unpaid ? (await ordersPaidTogether(db, order)).filter((o) => o.status === OrderStatus.unpaid) : [order];
  const balance = session.isReseller ? await balanceOf(db, session.userId, order.currency) : null;
  // A balance top-up is paid from outside, never from the balance it fills.
  const methods: PayMethod[] = (await payableFromBalance(db, all.map((o) => o.id))) ? ['balance', 'card', 'wechat', 'sandbox'] : ['card', 'wechat', 'sandbox'];
  return {
    currency: order.currency,
    options: methods
      .filter((m) => m !== 'balance' || session.isReseller)
      .map((method) => {
        const fee = all.reduce((n, o) => n + methodFee(method, totalBeforeFee(o)), 0);
        const total = all.reduce((n, o) => n + totalBeforeFee(o), 0) + fee;
        let reason = unavailableReason(config, providers, session, method);
        if (!reason && method === 'balance' && (!balance || balance.locked || balance.amount < total)) {
          reason = !balance ? 'res.balance.not-found' : balance.locked ? 'res.balance.locked' : 'res.balance.insufficient';
        }
        return { method, available: reason === null, reason, serviceFee: fee, total, balance: method === 'balance' ? (balance?.amount ?? 0) : null };
      }),
  };
}

/**
 * Starts paying an order — every order of its checkout at once. Each order's fee
 * is set on it first, so what the provider is asked for (the sum), what the orders say and what a
 * notification must match are the same amount.
 */
export async function pay(
  db: Database,
  config: Config,
  providers: Providers,
  session: AuthSession,
  input: { orderNo: string; method: PayMethod; wechatCode?: string | undefined },
  origin: string,
  now: number,
) {
  const reason = unavailableReason(config, providers, session, input.method);
  if (reason) throw new AppError(reason === 'res.permission.denied' ? serverErrors.permissionDenied : serverErrors.paymentMethodUnavailable, 'method');
  const paymentId = randomUUID();

  /**
   * In the caller's transaction: records the payment of these orders (priced with their fees)
   * and cancels their earlier pending attempts, whose hosted sessions a job closes.
   */
  const paymentRow = (order: OrderRow, all: readonly OrderRow[], priced: readonly OrderRow[], status: 'succeeded' | 'pending') => paymentRowOf(paymentId, input.method, order, all, priced, status, now);
  const record = async (tx: Executor, order: OrderRow, all: readonly OrderRow[], priced: readonly OrderRow[], status: 'succeeded' | 'pending') => {
    const row = paymentRow(order, all, priced, status);
    await closeSuperseded(tx, await payments.insertReplacingPending(tx, all.map((o) => o.id), row, now), now);
    return row.amount;
  };
  const withFees = (all: readonly OrderRow[]) => withFeesOf(input.method, all);

  if (input.method === 'balance') {
    await inPayment(db, (tx) => payFromBalanceIn(tx, session.userId, input.orderNo, paymentId, now), now);
    return { paid: true, redirectUrl: null, wechat: null };
  }

  const { order, amount } = await inPayment(
    db,
    async (tx) => {
      const { order, all } = await payableTogether(tx, session.userId, input.orderNo, now, false);
      // Each order's fee is set on it, so the provider is asked for, the orders say and a notification must match one amount.
      const priced = withFees(all);
      for (const o of priced) if (!(await setPaymentFee(tx, o, o.service_fee, now)).updated) throw new AppError(serverErrors.orderStatusConflict, 'orderNo');
      return { order, amount: await record(tx, order, all, priced, 'pending') };
    },
    now,
  );

  if (input.method === 'sandbox') return { paid: false, redirectUrl: `${origin}/fetch/pay/sandbox/${paymentId}`, wechat: null };

  if (input.method === 'card') {
    const session_ = await providers.card!.createCheckout({ paymentId, orderNo: order.order_no, amount, currency: order.currency, successUrl: returnUrl(origin, order.order_no), cancelUrl: cancelUrl(origin), description: `SimShop ${order.order_no}` }).catch((err: unknown) => {
      throw new AppError(serverErrors.paymentFailed, 'method', { provider: err instanceof Error ? err.message : String(err) });
    });
    await payments.setProviderRef(db, paymentId, session_.id, now);
    await closeIfSupersededMeanwhile(db, paymentId, now);
    return { paid: false, redirectUrl: session_.url, wechat: null };
  }

  if (!input.wechatCode) throw new AppError(serverErrors.paymentParamsMissing, 'wechatCode');
  const wechat = providers.wechat!;
  try {
    const openId = await wechat.openIdFor(input.wechatCode);
    const params = await wechat.prepay({ paymentId, description: `SimShop ${order.order_no}`, amount, currency: order.currency, openId, notifyUrl: `${config.publicUrl ?? origin}/fetch/pay/wechat/notify` });
    await closeIfSupersededMeanwhile(db, paymentId, now);
    return { paid: false, redirectUrl: null, wechat: params };
  } catch (err) {
    throw new AppError(serverErrors.paymentFailed, 'method', { provider: err instanceof Error ? err.message : String(err) });
  }
}

/**
 * Pays an unpaid order, with every order of its checkout, from the reseller's balance in the
 * caller's transaction: the shop's balance payment, and the reseller API's order, which writes
 * and pays its order in one transaction.
 */
export async function payFromBalanceIn(tx: Executor, userId: number, orderNo: string, paymentId: string, now: number): Promise<void> {
  const { order, all, items } = await payableTogether(tx, userId, orderNo, now, true);
  if (!kindsPayableFromBalance(items)) throw new AppError(serverErrors.paymentMethodUnavailable, 'method');
  // Paid at once: each order's fee is written by the move that marks it paid, not before it.
  const priced = withFeesOf('balance', all);
  if (priced.length > 1) {
    // Refused as a whole, with the whole amount needed, before any order is debited.
    const amount = priced.reduce((n, o) => n + o.total, 0);
    const balance = await balanceOf(tx, userId, order.currency);
    if (!balance) throw new AppError(serverErrors.balanceNotFound);
    if (balance.locked) throw new AppError(serverErrors.balanceLocked);
    if (balance.amount < amount) throw new AppError(serverErrors.balanceInsufficient, undefined, { balance: balance.amount, needed: amount });
  }
  // The payment goes with the first order's move and each order's debit with its own (on
  // PostgreSQL one statement each). The balance's row is what every payment of
  // this reseller waits for (on PostgreSQL a row lock held to the commit): it is taken by
  // the moves, after the reads and the ECodes issued, so a single order holds it from its
  // last statement to the commit. A refused debit still undoes it all.
  // One ledger row per order, so a refund of one order credits back against its own debit.
  const payment = { part: payments.paymentWithMove, values: { paidOrderIds: all.map((o) => o.id), payment: paymentRowOf(paymentId, 'balance', order, all, priced, 'succeeded', now), paymentAt: now } };
  const paidBy: { id: string; method: PayMethod; actor: OrderActor } = { id: paymentId, method: 'balance', actor: OrderActor.user(userId) };
  for (const [i, o] of priced.entries()) {
    const known = { items: items.filter((item) => item.order_id === o.id), fee: o.service_fee };
    const debit = { userId, currency: o.currency, amount: o.total, reason: LedgerReason.order(o.order_no), orderId: o.id };
    if (i === 0) {
      const [cancelled, debited] = (await markOrderPaid(tx, o, paidBy, now, { ...known, withMove: [payment, debitWithMove(debit, now)] as const }))!;
      await lowAfter(tx, debit, await checkDebit(tx, debit, debited), now);
      await closeSuperseded(tx, cancelled, now);
    } else {
      const [debited] = (await markOrderPaid(tx, o, paidBy, now, { ...known, withMove: [debitWithMove(debit, now)] as const }))!;
      await lowAfter(tx, debit, await checkDebit(tx, debit, debited), now);
    }
  }
  // A reseller's webhooks hear of each order issued by its payment (the shop's and the API's).
  for (const o of priced) await emitWebhookEvent(tx, userId, WebhookEventType.orderCompleted, () => issuedDetail(tx, userId, o.order_no), now);
}

/** An order's detail once everything in it was issued (null: something is still to come). */
async function issuedDetail(tx: Executor, userId: number, orderNo: string) {
  const detail = await orderDetail(tx, userId, orderNo, 'en');
  return detail.status === OrderStatus.delivered || detail.status === OrderStatus.completed ? detail : null;
}

/** A reseller's webhooks hear of a debit that took the balance below their threshold. */
const lowAfter = (tx: Executor, debit: { userId: number; currency: PayCurrency; amount: number }, after: number, now: number) => emitBalanceLow(tx, debit.userId, debit.currency, after + debit.amount, after, now);

/** Methods whose payment is a session at the provider that stays payable until closed. */
const HOSTED_METHODS: ReadonlySet<PayMethod> = new Set(['card', 'wechat']);

/**
 * Payments replaced by a new `pay` (a second pay once left the first Stripe session open and
 * its money was kept): their provider sessions are closed by a job that commits with the
 * cancellation, so a crash or a provider outage only delays it.
 */
async function closeSuperseded(tx: Executor, cancelled: { id: string; method: PayMethod }[], now: number) {
  for (const p of cancelled) if (HOSTED_METHODS.has(p.method)) await enqueue(tx, Topic.paymentCloseSession, { paymentId: p.id }, now);
}

/** A `pay` may supersede this payment while its session was being opened: close it once it exists. */
async function closeIfSupersededMeanwhile(db: Database, paymentId: string, now: number) {
  const row = await payments.findPayment(db, paymentId);
  if (row?.status === 'cancelled') await enqueue(db, Topic.paymentCloseSession, { paymentId }, now);
}

/** The `payment.close_session` job: asks the provider to close a superseded payment's session. */
export async function closeSupersededSession(db: Database, providers: Providers, payload: unknown, now = Date.now()): Promise<void> {
  const payment = await payments.findPayment(db, topicPayloads[Topic.paymentCloseSession].parse(payload).paymentId);
  if (!payment || payment.status !== 'cancelled' || payment.session_closed_at !== null || payment.auto_refund_at !== null) return;
  if (payment.method === 'card') {
    // No session yet: the `pay` still opening it enqueues this job again once it has one.
    if (!payment.provider_ref) return;
    if (!providers.card) throw new Error('card payments are no longer configured: close the Checkout Session in Stripe');
    await providers.card.closeCheckout(payment.provider_ref);
  } else if (payment.method === 'wechat') {
    if (!providers.wechat) throw new Error('WeChat Pay is no longer configured: close the order in the merchant platform');
    await providers.wechat.closeOrder(payment.id);
  } else return;
  // 'complete' too: the session takes no more money, and what it took is refunded on arrival.
  await payments.markSessionClosed(db, payment.id, now);
}

/** Gives money back without staff, once per payment; the refund job's key makes it one refund at the provider. */
async function autoRefund(tx: Executor, payment: { id: string; amount: number }, reason: AutoRefundReason, providerRef: string | null, now: number): Promise<boolean> {
  if (!(await payments.markAutoRefund(tx, { id: payment.id, amount: payment.amount, reason, providerRef, now }))) return false;
  await enqueue(tx, Topic.paymentRefund, { paymentId: payment.id, amount: payment.amount, reason, key: `auto-refund-${payment.id}` }, now);
  return true;
}

export interface ProviderOutcome {
  provider: 'sandbox' | 'stripe' | 'wechat';
  eventId: string;
  paymentId: string;
  succeeded: boolean;
  amount: number;
  currency: string;
  providerRef: string | null;
}

/**
 * Applies a verified provider notification, exactly once: the event id is recorded in the same
 * transaction, so a replay or a duplicate delivery changes nothing. The amount and currency must
 * be what the payment asked for. Returns what happened, for the provider's log.
 */
export async function applyProviderOutcome(db: Database, outcome: ProviderOutcome, now: number): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const payment = await payments.findPayment(tx, outcome.paymentId);
    const result = !payment
      ? 'unknown_payment'
      : payment.amount !== outcome.amount || payment.currency.toUpperCase() !== outcome.currency.toUpperCase()
        ? 'amount_mismatch'
        : outcome.succeeded
          ? 'succeeded'
          : 'failed';
    if (!(await payments.recordEvent(tx, { provider: outcome.provider, eventId: outcome.eventId, paymentId: payment?.id ?? null, outcome: result, now }))) return 'duplicate';
    if (!payment || result === 'amount_mismatch') return result;
    if (!(await payments.settlePayment(tx, payment.id, outcome.succeeded ? 'succeeded' : 'failed', outcome.providerRef, now))) {
      // Read again: a `pay` running alongside may have cancelled it after it was read above.
      const latest = await payments.findPayment(tx, payment.id);
      if (outcome.succeeded && latest?.status === 'cancelled') {
        // Money for a superseded payment (the customer finished its session anyway): give it back, once.
        return (await autoRefund(tx, latest, RefundReason.superseded, outcome.providerRef, now)) ? 'refunded_superseded' : 'already_refunded';
      }
      return 'already_settled';
    }
    if (!outcome.succeeded) return result;
    const order = await orderById(tx, payment.order_id);
    // A checkout's payment pays every order of it, or none.
    const covered = order && payment.checkout_id !== null ? await ordersPaidTogether(tx, order) : order ? [order] : [];
    if (covered.length === 0 || covered.some((o) => o.status !== OrderStatus.unpaid) || covered.reduce((n, o) => n + o.total, 0) !== payment.amount) {
      // Money arrived for an order that can no longer be paid (expired, cancelled, re-priced): give it back.
      await autoRefund(tx, payment, RefundReason.orderNotPayable, null, now);
      return 'refunded_not_payable';
    }
    for (const o of covered) await markOrderPaid(tx, o, { id: payment.id, method: payment.method, actor: OrderActor.provider(outcome.provider) }, now);
    return result;
  });
}

/**
 * The sandbox's own "provider signature": what its hosted page posts back must carry it. Keyed by
 * the server-only file-token secret: the signing secret is in every page of the shop.
 */
export function sandboxSignature(config: Config, paymentId: string, outcome: 'approve' | 'decline'): string {
  return createHmac('sha256', `sandbox:${config.fileTokenSecret}`).update(`${paymentId}:${outcome}`).digest('hex');
}

export function checkSandboxSignature(config: Config, paymentId: string, outcome: 'approve' | 'decline', signature: string): boolean {
  const expected = Buffer.from(sandboxSignature(config, paymentId, outcome));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** An order's payment attempts as staff see them: method, amount, outcome, the provider's reference. */
export async function listOrderPayments(db: Executor, orderId: number) {
  // A checkout's payment is listed on each order it covers.
  const rows = await payments.paymentsOfOrder(db, orderId);
  return rows.map((p) => ({ id: p.id, method: p.method, amount: p.amount, currency: p.currency, status: p.status, providerRef: p.provider_ref, createdAt: p.created_at, updatedAt: p.updated_at }));
}

/** Payments by method and status, for the metrics. */
export function paymentCounts(db: Executor) {
  return payments.countByMethodAndStatus(db);
}
