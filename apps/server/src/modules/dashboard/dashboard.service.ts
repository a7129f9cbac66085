import { DASHBOARD_PERIODS, LOW_STOCK_THRESHOLD, type DashboardSummary } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { countFailedJobs } from '../../jobs/outbox.ts';
import { lowStockSkus } from '../catalogue/catalogue.service.ts';
import { poolLevels } from '../esim/esim-pool.service.ts';
import { orderQueues, salesSince } from '../orders/order-admin-views.service.ts';
import { delayedOrders } from '../orders/order-fulfilment.service.ts';
import { securityAlerts } from '../security/security-event.service.ts';
import { smsBudgetToday } from '../sms/sms-budget.service.ts';

/**
 * The console's first page: each number comes from the module that owns it (orders, catalogue,
 * eSIM pools, the outbox); this module only puts them together.
 */

/** How far a time zone's clock is ahead of UTC at an instant, in ms. */
function offsetAt(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - (at - (((at % 1000) + 1000) % 1000));
}

/** Midnight `daysBack` days before today, in a time zone (daylight-saving changes included). */
export function startOfDay(timeZone: string, now: number, daysBack = 0): number {
  const wall = new Date(now + offsetAt(timeZone, now));
  const midnight = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() - daysBack);
  // The offset at midnight may differ from the offset now: a second pass settles it.
  const guess = midnight - offsetAt(timeZone, midnight);
  return midnight - offsetAt(timeZone, guess);
}

const PERIOD_DAYS = { today: 0, days7: 6, days30: 29 } as const;

export async function dashboardSummary(db: Executor, timeZone: string, now: number, smsDailyBudget: number): Promise<DashboardSummary> {
  const starts = DASHBOARD_PERIODS.map((p) => startOfDay(timeZone, now, PERIOD_DAYS[p]));
  const [sales, queues, lowStock, pools, failedJobs, delayed] = await Promise.all([salesSince(db, starts, now + 1), orderQueues(db), lowStockSkus(db, LOW_STOCK_THRESHOLD), poolLevels(db), countFailedJobs(db), delayedOrders(db, 20, now)]);
  const smsBudget = await smsBudgetToday(db, smsDailyBudget, now);
  return {
    generatedAt: now,
    sales: DASHBOARD_PERIODS.flatMap((period, i) =>
      sales.map((s) => {
        const p = s.periods[i]!;
        return { period, from: starts[i]!, currency: s.currency, orders: p.orders, gross: p.gross, refunds: p.refunds, net: p.gross - p.refunds };
      }),
    ),
    byStatus: queues.byStatus,
    toShip: queues.toShip,
    refundRequested: queues.refundRequested,
    lowStockThreshold: LOW_STOCK_THRESHOLD,
    lowStock,
    pools,
    failedJobs,
    delayedOrders: delayed.items,
    delayedOrderCount: delayed.total,
    securityAlerts: await securityAlerts(db, now),
    smsBudget,
  };
}
