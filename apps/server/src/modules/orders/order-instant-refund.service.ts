import { OrderStatus, serverErrors, type ErrorDef } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { kindsIn } from '../product-kinds/registry.ts';
import { instantRefundDays } from '../shop-settings/shop-settings.service.ts';
import type { OrderRow } from './order-state.ts';
import * as orders from './order.repository.ts';

/**
 * The shop's rule for a refund at once, without staff: a delivered order made only of kinds that
 * can tell they are untouched (eSIMs the SM-DP+ never reported downloading or installing), paid
 * within the owner's period. Anything else is a request with a reason, decided by staff. The order
 * page offers it from `instantRefundOffer`; the refund (payments/refund.service.ts) checks it again
 * in its own transaction with `requireInstantRefund` and `claimUntouched`.
 */

const DAY_MS = 86_400_000;

/** The last moment an order paid at `paidAt` may be refunded at once over a period of `days`; null when never (unpaid, or 0 days). */
export function instantRefundUntil(paidAt: number | null, days: number): number | null {
  return paidAt === null || days <= 0 ? null : paidAt + days * DAY_MS;
}

type Verdict = { until: number } | { refused: ErrorDef };

/** Everything but the untouched check: the order's state, its kinds and the period. */
async function judge(db: Executor, order: OrderRow, now: number): Promise<Verdict> {
  const notOffered = { refused: serverErrors.instantRefundNotOffered };
  if (order.status !== OrderStatus.delivered) return notOffered;
  const kinds = kindsIn(await orders.itemsOf(db, [order.id]));
  if (kinds.length === 0 || kinds.some((k) => !k.handler.untouchedForRefund)) return notOffered;
  const until = instantRefundUntil(order.paid_at, await instantRefundDays(db));
  if (until === null) return notOffered;
  if (now > until) return { refused: serverErrors.instantRefundExpired };
  return { until };
}

async function untouched(db: Executor, order: OrderRow, claim: { now: number } | null): Promise<boolean> {
  for (const { handler } of kindsIn(await orders.itemsOf(db, [order.id]))) if (!(await handler.untouchedForRefund!(db, order, claim))) return false;
  return true;
}

/** What the customer's order page offers: until when "Refund now" holds, or null (a request with a reason). */
export async function instantRefundOffer(db: Executor, order: OrderRow, now: number): Promise<{ until: number } | null> {
  const verdict = await judge(db, order, now);
  return 'refused' in verdict || !(await untouched(db, order, null)) ? null : verdict;
}

/** Refuses, before anything is written, an order the rule does not refund at once (each error says to ask with a reason). */
export async function requireInstantRefund(tx: Executor, order: OrderRow, now: number): Promise<void> {
  const verdict = await judge(tx, order, now);
  if ('refused' in verdict) throw new AppError(verdict.refused, 'orderNo');
}

/**
 * In the refund's transaction, after the order's move to "refund requested" (a second tap is
 * refused there): takes the order's eSIMs as untouched, or refuses when the SM-DP+ reported one.
 */
export async function claimUntouched(tx: Executor, order: OrderRow, now: number): Promise<void> {
  if (!(await untouched(tx, order, { now }))) throw new AppError(serverErrors.instantRefundInstalled, 'orderNo');
}
