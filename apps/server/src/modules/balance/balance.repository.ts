import type { Currency } from '@simshop/contract';
import { sql, type QueryCreator } from 'kysely';
import { onPostgres, type Executor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { DB } from '../../db/schema.ts';
import type { MovePart } from '../orders/write-with-move.ts';
import { pageWithTotal } from '../../db/table-helpers.ts';

const balanceOfUser = preparedQuery((db, v: { userId: number; currency: Currency }) => db.selectFrom('balances').selectAll().where('user_id', '=', v.userId).where('currency', '=', v.currency));

export function findBalance(db: Executor, userId: number, currency: Currency) {
  return balanceOfUser.takeFirst(db, { userId, currency });
}

/** Debits only while enough is there and the balance is not locked; returns the new amount. */
// Every payment from a balance makes these two: built once (db/prepared-query.ts).
const debitUpdate = (q: QueryCreator<DB>, v: { userId: number; currency: Currency; amount: number; now: number }) =>
  q
    .updateTable('balances')
    .set((eb) => ({ amount: eb('amount', '-', v.amount), updated_at: v.now }))
    .where('user_id', '=', v.userId)
    .where('currency', '=', v.currency)
    .where('locked', '=', 0)
    .where('amount', '>=', v.amount)
    .returning('amount');
const debitBalance = preparedQuery((db, v: { userId: number; currency: Currency; amount: number; now: number }) => debitUpdate(db, v));
const newLedgerRow = preparedQuery((db, v: { userId: number; currency: Currency; amount: number; balanceAfter: number; reason: string; orderId: number | null; now: number }) =>
  db.insertInto('balance_ledger').values({ user_id: v.userId, currency: v.currency, amount: v.amount, balance_after: v.balanceAfter, reason: v.reason, order_id: v.orderId, created_at: v.now }),
);

async function debit(db: Executor, userId: number, currency: Currency, amount: number, now: number) {
  return debitBalance.takeFirst(db, { userId, currency, amount, now });
}

type Debit = { userId: number; currency: Currency; amount: number; ledgerAmount: number; reason: string; orderId: number | null; now: number };

/** The ledger row of the debit made by the CTE `debited` (written only when the debit was). */
const ledgerOfDebit = (q: QueryCreator<DB & { debited: { amount: number } }>, v: Debit) =>
  q
    .insertInto('balance_ledger')
    .columns(['user_id', 'currency', 'amount', 'balance_after', 'reason', 'order_id', 'created_at'])
    // A value in a select list has no column to take its type from: each is cast to its column's.
    .expression((eb) =>
      eb
        .selectFrom('debited')
        .select([
          sql<number>`cast(${v.userId} as integer)`.as('user_id'),
          sql<string>`cast(${v.currency} as text)`.as('currency'),
          sql<number>`cast(${v.ledgerAmount} as bigint)`.as('amount'),
          'debited.amount as balance_after',
          sql<string>`cast(${v.reason} as text)`.as('reason'),
          sql<number | null>`cast(${v.orderId} as integer)`.as('order_id'),
          sql<number>`cast(${v.now} as bigint)`.as('created_at'),
        ]),
    )
    .returning('balance_after');

/**
 * PostgreSQL: the debit and its ledger row in one statement (the ledger row is written only when
 * the debit was), so the balance's row, which every payment of the reseller waits for, is held
 * from this statement to the commit: one round trip instead of two.
 */
const debitWithLedgerRow = preparedQuery((db, v: Debit) => ledgerOfDebit(db.with('debited', (q) => debitUpdate(q, v)), v));

type DebitWithMove = { debitUserId: number; debitCurrency: Currency; debitAmount: number; debitLedgerAmount: number; debitReason: string; debitOrderId: number | null; debitAt: number };
const debitOf = (v: DebitWithMove): Debit => ({ userId: v.debitUserId, currency: v.debitCurrency, amount: v.debitAmount, ledgerAmount: v.debitLedgerAmount, reason: v.debitReason, orderId: v.debitOrderId, now: v.debitAt });

/**
 * A debit with its ledger row written with the move of the order it pays (on
 * PostgreSQL in the move's statement). The ledger row comes back, none when the balance is
 * missing, locked or short (then nothing was debited).
 */
export const debitWithMovePart: MovePart<DebitWithMove, { balance_after: number }> = {
  name: 'balance-debit',
  // The CTEs are named in raw SQL only (`returned`): the move's builder need not know their types.
  build: (q, v) => q.with('debited', (q) => debitUpdate(q, debitOf(v))).with('ledger', (q) => ledgerOfDebit(q, debitOf(v))) as unknown as QueryCreator<DB>,
  returned: 'ledger',
  separately: async (db, v) => {
    const after = await debitWithLedger(db, debitOf(v));
    return after === undefined ? [] : [{ balance_after: after }];
  },
};

/**
 * Debits and writes the ledger row (`amount` negative there) in the caller's transaction; the
 * new amount, or undefined when the balance is missing, locked or short (then nothing is written).
 */
export async function debitWithLedger(db: Executor, row: { userId: number; currency: Currency; amount: number; reason: string; orderId: number | null; now: number }): Promise<number | undefined> {
  if (onPostgres(db)) return (await debitWithLedgerRow.takeFirst(db, { ...row, ledgerAmount: -row.amount }))?.balance_after;
  const debited = await debit(db, row.userId, row.currency, row.amount, row.now);
  if (!debited) return undefined;
  await insertLedger(db, { userId: row.userId, currency: row.currency, amount: -row.amount, balanceAfter: debited.amount, reason: row.reason, orderId: row.orderId, now: row.now });
  return debited.amount;
}

export async function credit(db: Executor, userId: number, currency: Currency, amount: number, now: number) {
  return db
    .insertInto('balances')
    .values({ user_id: userId, currency, amount, locked: 0, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'currency']).doUpdateSet((eb) => ({ amount: eb('balances.amount', '+', amount), updated_at: now })))
    .returning('amount')
    .executeTakeFirstOrThrow();
}

export async function insertLedger(db: Executor, row: { userId: number; currency: Currency; amount: number; balanceAfter: number; reason: string; orderId: number | null; now: number }) {
  await newLedgerRow.result(db, row);
}

export function balancesOf(db: Executor, userId: number) {
  return db.selectFrom('balances').selectAll().where('user_id', '=', userId).orderBy('currency').execute();
}

export function ledgerOf(db: Executor, userId: number) {
  return db.selectFrom('balance_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** A page of a user's ledger, newest first, from below the id `before` (the reseller API's cursor). */
export function ledgerBefore(db: Executor, userId: number, before: number | undefined, limit: number) {
  let q = db.selectFrom('balance_ledger').leftJoin('orders', 'orders.id', 'balance_ledger.order_id').where('balance_ledger.user_id', '=', userId);
  if (before !== undefined) q = q.where('balance_ledger.id', '<', before);
  return q
    .select(['balance_ledger.id', 'balance_ledger.currency', 'balance_ledger.amount', 'balance_ledger.balance_after', 'balance_ledger.reason', 'balance_ledger.created_at', 'orders.order_no'])
    .orderBy('balance_ledger.id', 'desc')
    .limit(limit)
    .execute();
}

/** The hidden top-up SKU of a currency (seeded by migration 0009). */
export function findTopupSku(db: Executor, currency: Currency) {
  return db
    .selectFrom('product_skus')
    .innerJoin('products', 'products.id', 'product_skus.product_id')
    .select(['product_skus.id as sku_id', 'products.id as product_id', 'products.name_en', 'products.name_zh', 'products.images'])
    .where('products.kind', '=', 'topup')
    .where('products.currency', '=', currency)
    .orderBy('product_skus.id')
    .executeTakeFirst();
}

/** Claims the credit of a top-up item; false when it was credited before (a replayed payment). */
export async function claimTopup(db: Executor, row: { orderItemId: number; orderId: number; userId: number; currency: Currency; amount: number; now: number }): Promise<boolean> {
  const res = await db
    .insertInto('balance_topups')
    .values({ order_item_id: row.orderItemId, order_id: row.orderId, user_id: row.userId, currency: row.currency, amount: row.amount, created_at: row.now })
    .onConflict((oc) => oc.column('order_item_id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function topupsOfOrder(db: Executor, orderId: number) {
  return db.selectFrom('balance_topups').selectAll().where('order_id', '=', orderId).execute();
}

/** How much of an order's top-up credit has been taken back by refunds so far. */
export async function reversedOfOrder(db: Executor, orderId: number, reason: string) {
  const row = await db
    .selectFrom('balance_ledger')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('sum'))
    .where('order_id', '=', orderId)
    .where('reason', '=', reason)
    .executeTakeFirst();
  return -Number(row?.sum ?? 0);
}

export async function setLocked(db: Executor, userId: number, currency: Currency, locked: boolean, now: number): Promise<boolean> {
  const res = await db.updateTable('balances').set({ locked: locked ? 1 : 0, updated_at: now }).where('user_id', '=', userId).where('currency', '=', currency).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Locks or unlocks only when the balance is not so already; false when nothing changed (or there is none). */
export async function setLockedWithReason(db: Executor, userId: number, currency: Currency, locked: boolean, reason: string | null, now: number): Promise<boolean> {
  const res = await db
    .updateTable('balances')
    .set({ locked: locked ? 1 : 0, lock_reason: reason, updated_at: now })
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('locked', '=', locked ? 0 : 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

function ledgerFiltered(db: Executor, userId: number, currency: Currency | undefined) {
  let q = db.selectFrom('balance_ledger').leftJoin('orders', 'orders.id', 'balance_ledger.order_id').where('balance_ledger.user_id', '=', userId);
  if (currency) q = q.where('balance_ledger.currency', '=', currency);
  return q;
}

/** A page of a user's ledger with each row's order number. */
export function ledgerPage(db: Executor, userId: number, currency: Currency | undefined, page: { offset: number; limit: number; order: 'asc' | 'desc' }) {
  return pageWithTotal(ledgerFiltered(db, userId, currency), (q) =>
    q
      .select(['balance_ledger.id', 'balance_ledger.currency', 'balance_ledger.amount', 'balance_ledger.balance_after', 'balance_ledger.reason', 'balance_ledger.created_at', 'orders.order_no'])
      .orderBy('balance_ledger.id', page.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  );
}
