import type { Currency, OrderEvent, PaymentStatus, PayMethod } from '@simshop/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageWithTotal } from '../../db/table-helpers.ts';
import type { DB } from '../../db/schema.ts';
import { containsAnyText } from '../../db/text-search.ts';
import { OrderActor } from '../orders/order-actor.ts';

/**
 * The console's read-only lists of money in and out. Payments join their order and customer;
 * a refund is an order's refund fields with the payment it goes back to and the order events
 * that asked for and decided it.
 */
export interface PaymentFilter {
  q?: string | undefined;
  status?: PaymentStatus | undefined;
  method?: PayMethod | undefined;
  currency?: Currency | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function paymentsFiltered(db: Executor, f: PaymentFilter) {
  let q = db.selectFrom('payments').innerJoin('orders', 'orders.id', 'payments.order_id').innerJoin('users', 'users.id', 'orders.user_id');
  if (f.q) q = q.where(containsAnyText(['orders.order_no', 'payments.id', 'payments.provider_ref', 'users.email', 'users.tel'], f.q));
  if (f.status) q = q.where('payments.status', '=', f.status);
  if (f.method) q = q.where('payments.method', '=', f.method);
  if (f.currency) q = q.where('payments.currency', '=', f.currency);
  if (f.from !== undefined) q = q.where('payments.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('payments.created_at', '<', f.to);
  return q;
}

export function listPayments(db: Executor, f: PaymentFilter, page: { offset: number; limit: number; sort: 'created_at' | 'amount'; order: 'asc' | 'desc' }) {
  return pageWithTotal(paymentsFiltered(db, f), (q) =>
    q
      .select(['payments.id', 'payments.method', 'payments.amount', 'payments.currency', 'payments.status', 'payments.provider_ref', 'payments.created_at', 'payments.updated_at', 'payments.session_closed_at', 'payments.auto_refund_amount', 'payments.auto_refund_reason', 'payments.auto_refund_at', 'orders.order_no', 'orders.user_id', 'users.email', 'users.tel', 'users.nickname'])
      .orderBy(`payments.${page.sort}`, page.order)
      .orderBy('payments.id', page.order)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  );
}

export interface RefundFilter {
  q?: string | undefined;
  state?: 'requested' | 'refunded' | 'partial' | 'rejected' | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

const DECISIONS: readonly OrderEvent[] = ['approve_refund', 'approve_partial_refund', 'reject_refund'];

/** When the order's (latest) refund was asked for: a request, or an EU consumer's withdrawal. */
const requestedAt = (eb: ExpressionBuilder<DB, 'orders'>) =>
  eb.selectFrom('order_events').select((e) => e.fn.max('order_events.created_at').as('t')).whereRef('order_events.order_id', '=', 'orders.id').where('order_events.event', 'in', ['request_refund', 'withdraw']);
const decidedAt = (eb: ExpressionBuilder<DB, 'orders'>) =>
  eb.selectFrom('order_events').select((e) => e.fn.max('order_events.created_at').as('t')).whereRef('order_events.order_id', '=', 'orders.id').where('order_events.event', 'in', DECISIONS);

/** Whether the shop's rule approved the order's refund (an eSIM never installed), not a staff member. */
const approvedByRule = (eb: ExpressionBuilder<DB, 'orders'>) =>
  eb.selectFrom('order_events').select((e) => e.fn.count<number>('order_events.id').as('n')).whereRef('order_events.order_id', '=', 'orders.id').where('order_events.event', '=', 'approve_refund').where('order_events.actor', '=', OrderActor.rule);

function refundsFiltered(db: Executor, f: RefundFilter) {
  let q = db
    .selectFrom('orders')
    .leftJoin('payments', (join) => join.onRef('payments.order_id', '=', 'orders.id').on('payments.status', '=', 'succeeded'))
    .where('orders.refund_id', 'is not', null);
  if (f.q) q = q.where(containsAnyText(['orders.order_no', 'orders.refund_id', 'payments.id', 'payments.provider_ref'], f.q));
  switch (f.state) {
    case 'requested':
      q = q.where('orders.refund_amount', 'is', null).where('orders.status', '=', 'to_be_refunded');
      break;
    case 'rejected':
      q = q.where('orders.refund_amount', 'is', null).where('orders.status', '<>', 'to_be_refunded');
      break;
    case 'refunded':
      q = q.where('orders.refund_amount', 'is not', null).whereRef('orders.refund_amount', '>=', 'orders.total');
      break;
    case 'partial':
      q = q.where('orders.refund_amount', 'is not', null).whereRef('orders.refund_amount', '<', 'orders.total');
      break;
  }
  if (f.from !== undefined) q = q.where(requestedAt, '>=', f.from);
  if (f.to !== undefined) q = q.where(requestedAt, '<', f.to);
  return q;
}

export function listRefunds(db: Executor, f: RefundFilter, page: { offset: number; limit: number; order: 'asc' | 'desc' }) {
  return pageWithTotal(refundsFiltered(db, f), (q) =>
    q
      .select((eb) => [
        'orders.id',
        'orders.order_no',
        'orders.refund_id',
        'orders.status',
        'orders.refund_amount',
        'orders.total',
        'orders.currency',
        'orders.refund_reason',
        'orders.refund_note',
        'orders.pay_method',
        'orders.updated_at',
        'payments.id as payment_id',
        'payments.provider_ref',
        requestedAt(eb).as('requested_at'),
        decidedAt(eb).as('decided_at'),
        approvedByRule(eb).as('by_rule'),
      ])
      .orderBy('requested_at', page.order)
      .orderBy('orders.id', page.order)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  );
}

/** Refunds by the console's state (as `refundState` words it) and the order's payment method, for the metrics. */
export function countRefundsByStateAndMethod(db: Executor) {
  return db
    .selectFrom('orders')
    .where('refund_id', 'is not', null)
    .select((eb) => [
      eb
        .case()
        .when('refund_amount', 'is', null)
        .then(eb.case().when('status', '=', 'to_be_refunded').then('requested').else('rejected').end())
        .when('refund_amount', '>=', eb.ref('total'))
        .then('refunded')
        .else('partial')
        .end()
        .as('state'),
      'pay_method',
      eb.fn.countAll<number>().as('count'),
    ])
    .groupBy(['state', 'pay_method'])
    .execute();
}
