import type { Executor } from '../../db/database.ts';

export function findBalance(db: Executor, userId: number, currency: string) {
  return db.selectFrom('balances').selectAll().where('user_id', '=', userId).where('currency', '=', currency).executeTakeFirst();
}

/** Debits only while enough is there and the balance is not locked; returns the new amount. */
export async function debit(db: Executor, userId: number, currency: string, amount: number, now: number) {
  return db
    .updateTable('balances')
    .set((eb) => ({ amount: eb('amount', '-', amount), updated_at: now }))
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('locked', '=', 0)
    .where('amount', '>=', amount)
    .returning('amount')
    .executeTakeFirst();
}

export async function credit(db: Executor, userId: number, currency: string, amount: number, now: number) {
  return db
    .insertInto('balances')
    .values({ user_id: userId, currency, amount, locked: 0, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'currency']).doUpdateSet((eb) => ({ amount: eb('balances.amount', '+', amount), updated_at: now })))
    .returning('amount')
    .executeTakeFirstOrThrow();
}

export async function insertLedger(db: Executor, row: { userId: number; currency: string; amount: number; balanceAfter: number; reason: string; orderId: number | null; now: number }) {
  await db
    .insertInto('balance_ledger')
    .values({ user_id: row.userId, currency: row.currency, amount: row.amount, balance_after: row.balanceAfter, reason: row.reason, order_id: row.orderId, created_at: row.now })
    .execute();
}
