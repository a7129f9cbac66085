import type { AdminPayment, AdminRefund } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import * as payments from './payment-admin.repository.ts';
import { pageItems, pageWindow } from '../../db/table-helpers.ts';

/** The console's payments and refunds: read only; the paying and refunding logic stays in the shop's services. */
export async function listPaymentsForStaff(
  db: Executor,
  input: { page: number; pageSize: number; sortField: 'createdAt' | 'amount'; sortOrder: 'asc' | 'desc' } & payments.PaymentFilter,
): Promise<{ items: AdminPayment[]; total: number }> {
  return pageItems(await payments.listPayments(db, input, { ...pageWindow(input), sort: input.sortField === 'amount' ? 'amount' : 'created_at', order: input.sortOrder }), (r) => ({
    id: r.id,
    orderNo: r.order_no,
    userId: r.user_id,
    account: r.email ?? r.tel ?? r.nickname,
    method: r.method,
    amount: Number(r.amount),
    currency: r.currency,
    status: r.status,
    providerRef: r.provider_ref,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    sessionClosedAt: r.session_closed_at === null ? null : Number(r.session_closed_at),
    autoRefund: r.auto_refund_at === null || r.auto_refund_amount === null || r.auto_refund_reason === null ? null : { amount: Number(r.auto_refund_amount), reason: r.auto_refund_reason, at: Number(r.auto_refund_at) },
  }));
}

function refundState(r: { status: string; refund_amount: number | null; total: number }): AdminRefund['state'] {
  if (r.refund_amount !== null) return Number(r.refund_amount) >= Number(r.total) ? 'refunded' : 'partial';
  return r.status === 'to_be_refunded' ? 'requested' : 'rejected';
}

export async function listRefundsForStaff(db: Executor, input: { page: number; pageSize: number; sortOrder: 'asc' | 'desc' } & payments.RefundFilter): Promise<{ items: AdminRefund[]; total: number }> {
  return pageItems(await payments.listRefunds(db, input, { ...pageWindow(input), order: input.sortOrder }), (r) => {
    const requested = r.requested_at === null ? Number(r.updated_at) : Number(r.requested_at);
    const decided = r.decided_at === null ? null : Number(r.decided_at);
    return {
      id: r.id,
      refundId: r.refund_id ?? '',
      orderNo: r.order_no,
      state: refundState(r),
      orderStatus: r.status,
      amount: r.refund_amount === null ? null : Number(r.refund_amount),
      orderTotal: Number(r.total),
      currency: r.currency,
      reason: r.refund_reason ?? '',
      note: r.refund_note ?? '',
      method: r.pay_method,
      paymentId: r.payment_id,
      providerRef: r.provider_ref,
      requestedAt: requested,
      // A decision before the latest request belongs to an earlier request.
      decidedAt: decided !== null && decided >= requested ? decided : null,
      automatic: Number(r.by_rule) > 0,
    };
  });
}

/** Refunds by state and the order's payment method (`none`: an order paid by nobody, such as a free one), for the metrics. */
export async function refundCounts(db: Executor): Promise<Array<{ state: AdminRefund['state']; method: string; count: number }>> {
  return (await payments.countRefundsByStateAndMethod(db)).map((r) => ({ state: r.state as AdminRefund['state'], method: r.pay_method ?? 'none', count: Number(r.count) }));
}
