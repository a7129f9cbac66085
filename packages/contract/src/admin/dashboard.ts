import { z } from 'zod';
import { OrderStatus, orderStatusSchema } from '../enums.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';
import { bilingualSchema } from './common.ts';
import { timeZoneSchema } from './orders.ts';

/**
 * Console: the dashboard (DESIGN §8). What needs attention now (orders to ship, refunds asked
 * for, low stock, failed background jobs) and how sales go, per currency.
 */

/** A counted SKU at or below this many units shows as low stock; an eSIM pool too. */
export const LOW_STOCK_THRESHOLD = 10;

/** The dashboard warns once this share of the day's SMS budget is spent. */
export const SMS_BUDGET_ALERT_SHARE = 0.8;

/** Wrong staff sign-ins to one account within 24 hours that put it on the dashboard. */
export const SECURITY_ALERT_FAILURES = 5;

/**
 * A physical order waits for a parcel while it is paid or only partly shipped: the dashboard's
 * "to ship" count, and the order list it links to (these statuses, product kind `sim`).
 */
export const TO_SHIP_STATUSES = [OrderStatus.paid, OrderStatus.partialShipped] as const;
/** Orders to be collected at a store that staff still have to do something about: prepare them, or hand them over. */
export const PICKUP_QUEUE_STATUSES = [OrderStatus.paid, OrderStatus.readyForPickup] as const;

export const DASHBOARD_PERIODS = ['today', 'days7', 'days30'] as const;
export const dashboardPeriodSchema = z.enum(DASHBOARD_PERIODS);

export const dashboardRequest = z
  .object({
    /** "Today" starts at midnight in this zone; 7 and 30 days count back from there. */
    timeZone: timeZoneSchema.default('UTC'),
  })
  .strict();

export const dashboardResponse = z.object({
  generatedAt: z.number().int(),
  /**
   * Sales per period and currency: `gross` is the total of orders paid in the period, `refunds`
   * what was approved back in the period (whenever the order was paid), `net` the difference.
   */
  sales: z.array(
    z.object({
      period: dashboardPeriodSchema,
      from: z.number().int(),
      currency: z.string(),
      orders: z.number().int(),
      gross: z.number().int(),
      refunds: z.number().int(),
      net: z.number().int(),
    }),
  ),
  /** Every status that has orders (deleted ones left out). */
  byStatus: z.array(z.object({ status: orderStatusSchema, count: z.number().int() })),
  /** Paid physical orders waiting for a parcel (paid or partly shipped). */
  toShip: z.number().int(),
  refundRequested: z.number().int(),
  lowStockThreshold: z.number().int(),
  /** On-sale counted SKUs (not eSIM pools) at or below the threshold, fewest first. */
  lowStock: z.array(z.object({ skuId: z.number().int(), skuCode: z.string(), productKey: z.string(), productName: bilingualSchema, stock: z.number().int() })),
  /** On-sale pool eSIM SKUs and their free (unassigned) profiles, fewest first. */
  pools: z.array(z.object({ skuId: z.number().int(), skuCode: z.string(), productKey: z.string(), productName: bilingualSchema, free: z.number().int() })),
  /** Background jobs that keep failing and wait for someone (the jobs page). */
  failedJobs: z.number().int(),
  /** Paid orders whose issuing kept failing (oldest first, at most 20): the shop keeps trying; refund or retry them. */
  delayedOrders: z.array(z.object({ orderNo: z.string(), paidAt: z.number().int().nullable(), currency: z.string(), total: z.number().int(), attempts: z.number().int(), lastError: z.string().nullable(), nextTryAt: z.number().int() })),
  delayedOrderCount: z.number().int(),
  /** Text messages counted today (a UTC day, `YYYY-MM-DD`) against the shop's daily SMS budget; past it SMS codes are refused. */
  smsBudget: z.object({ day: z.string(), sent: z.number().int(), budget: z.number().int() }),
  /**
   * Staff accounts someone keeps failing to sign in to (last 24 hours, at least
   * SECURITY_ALERT_FAILURES wrong attempts), most failures first; platform staff only.
   */
  securityAlerts: z.array(z.object({ account: z.string(), failures: z.number().int(), addresses: z.number().int(), lastAt: z.number().int() })),
});
export type DashboardSummary = z.infer<typeof dashboardResponse>;

export const adminDashboardEndpoint = adminEndpoint('dashboard', 'dashboard', {
  summary: defineAdminAction({ permission: 'dashboard.read', write: false, summary: 'Sales per currency, orders by status, what needs attention', request: dashboardRequest, response: dashboardResponse }),
});
