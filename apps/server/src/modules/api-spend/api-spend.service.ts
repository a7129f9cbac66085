import { API_SPEND_WARNING_PERCENT, Currency, formatMoney, serverErrors, WebhookEventType, type ApiSpendLimit } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { notify } from '../notifications/notification.service.ts';
import { requireOwnOrder } from '../orders/order-views.service.ts';
import { recordSecurityEvent, type EventLog } from '../security/security-event.service.ts';
import { emitWebhookEvent } from '../webhooks/webhook-events.service.ts';
import * as spend from './api-spend.repository.ts';

/**
 * A reseller's daily spend limits for the reseller API, per currency and UTC day: set in the
 * shop (Mine → API), counted and enforced inside the transaction of each API order (single or
 * bulk), so an order over the limit leaves nothing written and parallel orders cannot pass it
 * together. At 80 % the reseller gets a mail and the spend_limit.warning webhook event, once per
 * day and currency, in the same transaction. What it does not do: limit the shop's own pages
 * (the reseller buying by hand), or count refunds back (a refund does not free the day's room).
 */
const DAY_MS = 86_400_000;
const CURRENCIES = Object.values(Currency);

export const utcDay = (now: number) => Math.floor(now / DAY_MS);
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export async function apiSpendLimits(db: Executor, userId: number, now: number): Promise<{ items: ApiSpendLimit[]; warningPercent: number }> {
  const rows = new Map((await spend.limitsOf(db, userId)).map((r) => [r.currency, r]));
  const today = utcDay(now);
  const items = CURRENCIES.map((currency) => {
    const row = rows.get(currency);
    return { currency, dailyLimit: row?.daily_limit == null ? null : Number(row.daily_limit), spentToday: row && Number(row.day) === today ? Number(row.spent) : 0 };
  });
  return { items, warningPercent: API_SPEND_WARNING_PERCENT };
}

/** Who changes a limit, for the security event. */
export interface SpendCaller {
  userId: number;
  ip: string;
  log?: EventLog;
  now: number;
}

/** Sets or removes (null) a currency's limit, with its security event in the same transaction. */
export async function setApiSpendLimit(db: Database, caller: SpendCaller, input: { currency: Currency; dailyLimit: number | null }) {
  await db.transaction().execute(async (tx) => {
    const before = await spend.limitOf(tx, caller.userId, input.currency);
    const was = before?.daily_limit == null ? 'none' : formatMoney(Number(before.daily_limit), input.currency);
    const now = input.dailyLimit === null ? 'none' : formatMoney(input.dailyLimit, input.currency);
    await spend.setLimit(tx, { userId: caller.userId, currency: input.currency, dailyLimit: input.dailyLimit, day: utcDay(caller.now), now: caller.now });
    await recordSecurityEvent(tx, caller.log, { kind: 'api_spend_limit_changed', account: `user #${caller.userId}`, ip: caller.ip, detail: `${input.currency} daily limit ${was} → ${now}` }, caller.now);
  });
  return apiSpendLimits(db, caller.userId, caller.now);
}

/**
 * Counts `amount` (minor units) of an API order against today's limit of its currency, in the
 * order's transaction; refuses the order (403 problem) when it would pass the limit, having
 * counted nothing. Crossing 80 % queues the day's one warning: a mail and the webhook event.
 */
export async function requireWithinApiSpendLimit(tx: Executor, userId: number, amount: number, currency: Currency, now: number): Promise<void> {
  const day = utcDay(now);
  await spend.ensureRow(tx, userId, currency, day, now);
  const after = await spend.spendWithinLimit(tx, userId, currency, amount, day, now);
  if (!after) {
    const row = await spend.limitOf(tx, userId, currency);
    const spent = row && Number(row.day) === day ? Number(row.spent) : 0;
    throw new AppError(serverErrors.apiSpendLimitReached, undefined, { amount: formatMoney(amount, currency), limit: formatMoney(Number(row?.daily_limit ?? 0), currency), spent: formatMoney(spent, currency) });
  }
  if (after.daily_limit === null) return;
  const limit = Number(after.daily_limit);
  const spent = Number(after.spent);
  if (spent * 100 < limit * API_SPEND_WARNING_PERCENT || !(await spend.markWarned(tx, userId, currency, day))) return;
  await notify(tx, { kind: 'balance_alert', alert: 'spend_limit', userId, currency, amount: spent, limit, once: dayText(day) }, now);
  await emitWebhookEvent(tx, userId, WebhookEventType.spendLimitWarning, { currency, limit, spent, day: dayText(day) }, now);
}

/** The same for an order just written in `tx` (its total and currency): the reseller API's single order. */
export async function requireOrderWithinApiSpendLimit(tx: Executor, userId: number, orderNo: string, now: number): Promise<void> {
  const order = await requireOwnOrder(tx, userId, orderNo);
  await requireWithinApiSpendLimit(tx, userId, Number(order.total), order.currency, now);
}
