import { serverErrors, type Currency } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import * as balances from './balance.repository.ts';

/**
 * Reseller balances: every change is a ledger row written with the new amount in the same
 * transaction, never an updated total alone; a debit can never take a balance below zero.
 */
export async function debitBalance(tx: Executor, input: { userId: number; currency: Currency; amount: number; reason: string; orderId: number | null }, now: number): Promise<number> {
  const after = await balances.debitWithLedger(tx, { ...input, now });
  if (after === undefined) {
    const current = await balances.findBalance(tx, input.userId, input.currency);
    if (!current) throw new AppError(serverErrors.balanceNotFound);
    if (current.locked) throw new AppError(serverErrors.balanceLocked);
    throw new AppError(serverErrors.balanceInsufficient, undefined, { balance: current.amount, needed: input.amount });
  }
  return after;
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
