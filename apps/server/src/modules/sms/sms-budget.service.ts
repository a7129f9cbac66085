import { serverErrors } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import * as budgets from './sms-budget.repository.ts';

/**
 * The shop's daily SMS budget (SMS_DAILY_BUDGET): every text the shop sends — verification codes,
 * the carrier's line codes, chat notices — is counted against it when it is queued or sent, so a
 * flood of code requests costs at most a day's budget. Days are UTC days.
 */
export const smsDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/** Counts one SMS, or refuses with `smsBudgetSpent` when today's budget is used up. */
export async function spendSms(db: Executor, budget: number, now: number): Promise<void> {
  if (!(await budgets.take(db, smsDay(now), budget))) throw new AppError(serverErrors.smsBudgetSpent);
}

/** Counts one SMS when the budget allows; false when it is used up (the caller sends nothing). */
export function trySpendSms(db: Executor, budget: number, now: number): Promise<boolean> {
  return budgets.take(db, smsDay(now), budget);
}

/** Refuses like `spendSms` once the budget is used up, without counting (nothing is sent). */
export async function assertSmsBudgetLeft(db: Executor, budget: number, now: number): Promise<void> {
  if ((await budgets.sentOn(db, smsDay(now))) >= budget) throw new AppError(serverErrors.smsBudgetSpent);
}

/** Today's count for the dashboard. */
export async function smsBudgetToday(db: Executor, budget: number, now: number): Promise<{ day: string; sent: number; budget: number }> {
  const day = smsDay(now);
  return { day, sent: await budgets.sentOn(db, day), budget };
}
