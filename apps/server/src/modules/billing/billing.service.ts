import type { BillingRecord } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import * as billing from './billing.repository.ts';

/**
 * The caller's billing, newest first. Balance payments show once, as the balance change;
 * a customer's history is small enough to merge in memory.
 */
export async function listBilling(db: Executor, userId: number, page: number, size: number) {
  const [payments, refunds, ledger] = await Promise.all([billing.paymentsOf(db, userId), billing.refundsOf(db, userId), billing.ledgerOf(db, userId)]);
  const records: BillingRecord[] = [
    ...payments
      .filter((p) => p.method !== 'balance')
      .map((p) => ({ id: `payment-${p.id}`, kind: 'payment' as const, amount: -p.amount, currency: p.currency, orderNo: p.order_no, method: p.method, reason: '', at: p.updated_at })),
    ...refunds
      .filter((r) => r.pay_method !== 'balance')
      .map((r) => ({ id: `refund-${r.id}`, kind: 'refund' as const, amount: r.refund_amount ?? 0, currency: r.currency, orderNo: r.order_no, method: r.pay_method, reason: r.refund_reason ?? '', at: r.updated_at })),
    ...ledger.map((l) => ({ id: `balance-${l.id}`, kind: 'balance' as const, amount: l.amount, currency: l.currency, orderNo: l.order_no ?? null, method: 'balance', reason: l.reason, at: l.created_at })),
  ].sort((a, b) => b.at - a.at || b.id.localeCompare(a.id));
  return { items: records.slice((page - 1) * size, page * size), total: records.length };
}
