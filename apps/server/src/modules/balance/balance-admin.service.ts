import { serverErrors, type AdminBalance, type Currency, type LedgerEntry } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as balances from './balance.repository.ts';
import { creditBalance } from './balance.service.ts';
import { pageWindow } from '../../db/table-helpers.ts';

/**
 * What staff do to reseller balances (console and command line). A credit is a ledger row with
 * the new amount, never an edited total; the audit row goes in the same transaction, and so
 * does a lock's reason.
 */
type BalanceRow = NonNullable<Awaited<ReturnType<typeof balances.findBalance>>>;

const toAdminBalance = (r: BalanceRow): AdminBalance => ({ currency: r.currency, amount: r.amount, locked: r.locked === 1, lockReason: r.locked === 1 ? r.lock_reason : null, updatedAt: r.updated_at });

export async function adminBalancesOf(db: Executor, userId: number): Promise<AdminBalance[]> {
  return (await balances.balancesOf(db, userId)).map(toAdminBalance);
}

export async function adminLedger(db: Executor, userId: number, input: { currency?: Currency | undefined; page: number; pageSize: number; sortOrder: 'asc' | 'desc' }): Promise<{ items: LedgerEntry[]; total: number }> {
  const { rows, total } = await balances.ledgerPage(db, userId, input.currency, { ...pageWindow(input), order: input.sortOrder });
  return {
    total,
    items: rows.map((r) => ({ id: r.id, currency: r.currency, amount: r.amount, balanceAfter: r.balance_after, reason: r.reason, orderNo: r.order_no ?? null, createdAt: r.created_at })),
  };
}

export async function adminCreditBalance(db: Database, actor: Actor, input: { userId: number; currency: Currency; amount: number; reason: string }, now: number): Promise<{ balance: AdminBalance; entry: LedgerEntry }> {
  return db.transaction().execute(async (tx) => {
    const after = await creditBalance(tx, { userId: input.userId, currency: input.currency, amount: input.amount, reason: input.reason, orderId: null }, now);
    await recordAudit(
      tx,
      actor,
      { action: 'balance.credit', targetType: 'customer', targetId: input.userId, before: { currency: input.currency, balance: after - input.amount }, after: { currency: input.currency, balance: after, credit: input.amount, reason: input.reason } },
      now,
    );
    const entry = (await balances.ledgerPage(tx, input.userId, input.currency, { offset: 0, limit: 1, order: 'desc' })).rows[0]!;
    return {
      balance: toAdminBalance((await balances.findBalance(tx, input.userId, input.currency))!),
      entry: { id: entry.id, currency: input.currency, amount: entry.amount, balanceAfter: entry.balance_after, reason: entry.reason, orderNo: entry.order_no ?? null, createdAt: entry.created_at },
    };
  });
}

/** Locks or unlocks a balance (SPEC §6 "balance lock"); its amount is untouched. Asking for what already is refuses. */
export async function adminLockBalance(db: Database, actor: Actor, input: { userId: number; currency: Currency; locked: boolean; reason: string }, now: number): Promise<AdminBalance> {
  return db.transaction().execute(async (tx) => {
    if (!(await balances.setLockedWithReason(tx, input.userId, input.currency, input.locked, input.locked ? input.reason : null, now))) {
      if (!(await balances.findBalance(tx, input.userId, input.currency))) throw new AppError(serverErrors.balanceNotFound, 'currency');
      throw new AppError(serverErrors.nothingChanged, 'locked');
    }
    await recordAudit(
      tx,
      actor,
      { action: input.locked ? 'balance.lock' : 'balance.unlock', targetType: 'customer', targetId: input.userId, before: { currency: input.currency, locked: !input.locked }, after: { currency: input.currency, locked: input.locked, reason: input.reason } },
      now,
    );
    return toAdminBalance((await balances.findBalance(tx, input.userId, input.currency))!);
  });
}
