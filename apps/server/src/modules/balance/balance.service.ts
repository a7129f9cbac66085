import { serverErrors, type Currency, type LedgerEntry } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import * as balances from './balance.repository.ts';

/**
 * Reseller balances: every change is a ledger row written with the new amount in the same
 * transaction, never an updated total alone; a debit can never take a balance below zero.
 */
export async function debitBalance(tx: Executor, input: DebitInput, now: number): Promise<number> {
  const after = await balances.debitWithLedger(tx, { ...input, now });
  if (after === undefined) await refuseDebit(tx, input);
  return after!;
}

type DebitInput = { userId: number; currency: Currency; amount: number; reason: string; orderId: number | null };

/**
 * The same debit written with the move of the order it pays (on PostgreSQL in the
 * move's statement, one round trip fewer); `checkDebit` then reads what it wrote.
 */
export function debitWithMove(input: DebitInput, now: number) {
  return {
    part: balances.debitWithMovePart,
    values: { debitUserId: input.userId, debitCurrency: input.currency, debitAmount: input.amount, debitLedgerAmount: -input.amount, debitReason: input.reason, debitOrderId: input.orderId, debitAt: now },
  };
}

/** The new amount after a debit written with a move; refused as debitBalance refuses (the caller's transaction is undone) when nothing was debited. */
export async function checkDebit(tx: Executor, input: DebitInput, written: readonly { balance_after: number }[]): Promise<number> {
  if (written.length === 0) await refuseDebit(tx, input);
  return written[0]!.balance_after;
}

/** Why a debit wrote nothing: no balance, a locked one, or too little in it. */
async function refuseDebit(tx: Executor, input: DebitInput): Promise<never> {
  const current = await balances.findBalance(tx, input.userId, input.currency);
  if (!current) throw new AppError(serverErrors.balanceNotFound);
  if (current.locked) throw new AppError(serverErrors.balanceLocked);
  throw new AppError(serverErrors.balanceInsufficient, undefined, { balance: current.amount, needed: input.amount });
}

export async function creditBalance(tx: Executor, input: { userId: number; currency: Currency; amount: number; reason: string; orderId: number | null }, now: number): Promise<number> {
  const row = await balances.credit(tx, input.userId, input.currency, input.amount, now);
  await balances.insertLedger(tx, { userId: input.userId, currency: input.currency, amount: input.amount, balanceAfter: row.amount, reason: input.reason, orderId: input.orderId, now });
  return row.amount;
}

export async function balanceOf(db: Executor, userId: number, currency: Currency): Promise<{ amount: number; locked: boolean } | null> {
  const row = await balances.findBalance(db, userId, currency);
  return row ? { amount: row.amount, locked: row.locked === 1 } : null;
}

/** Every balance of the caller; a reseller without one has an empty list, not an error. */
export async function listBalances(db: Executor, userId: number) {
  const rows = await balances.balancesOf(db, userId);
  return { items: rows.map((r) => ({ currency: r.currency, amount: r.amount, locked: r.locked === 1 })) };
}

/** Locks or unlocks a balance (SPEC §6 "balance lock"): a locked balance pays nothing; its amount is untouched. */
export async function setBalanceLock(db: Executor, userId: number, currency: Currency, locked: boolean, now: number): Promise<void> {
  if (!(await balances.setLocked(db, userId, currency, locked, now))) throw new AppError(serverErrors.balanceNotFound, 'currency');
}

/** The hidden top-up product's SKU in this currency; none is "product not found" on the currency. */
export async function requireTopupSku(db: Executor, currency: Currency) {
  const sku = await balances.findTopupSku(db, currency);
  if (!sku) throw new AppError(serverErrors.productNotFound, 'currency');
  return sku;
}

/** A page of the ledger, newest first, below the entry `before` (cursor pages of the reseller API). */
export async function ledgerPageBefore(db: Executor, userId: number, before: number | undefined, limit: number): Promise<LedgerEntry[]> {
  const rows = await balances.ledgerBefore(db, userId, before, limit);
  return rows.map((r) => ({ id: r.id, currency: r.currency, amount: r.amount, balanceAfter: r.balance_after, reason: r.reason, orderNo: r.order_no ?? null, createdAt: r.created_at }));
}

/** Every ledger row of a user, oldest first (their data export). */
export function ledgerOfUser(db: Executor, userId: number) {
  return balances.ledgerOf(db, userId);
}
