import type { Executor } from '../../db/database.ts';

export function paymentsOf(db: Executor, userId: number) {
  return db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select(['payments.id', 'payments.amount', 'payments.currency', 'payments.method', 'payments.updated_at', 'orders.order_no'])
    .where('orders.user_id', '=', userId)
    .where('payments.status', '=', 'succeeded')
    .execute();
}

export function refundsOf(db: Executor, userId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_no', 'refund_amount', 'currency', 'pay_method', 'refund_reason', 'updated_at'])
    .where('user_id', '=', userId)
    .where('refund_amount', 'is not', null)
    .execute();
}

export function ledgerOf(db: Executor, userId: number) {
  return db
    .selectFrom('balance_ledger')
    .leftJoin('orders', 'orders.id', 'balance_ledger.order_id')
    .select(['balance_ledger.id', 'balance_ledger.amount', 'balance_ledger.currency', 'balance_ledger.reason', 'balance_ledger.created_at', 'orders.order_no'])
    .where('balance_ledger.user_id', '=', userId)
    .execute();
}
