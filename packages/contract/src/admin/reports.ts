import { z } from 'zod';
import { currencySchema } from '../enums.ts';
import { exportFormatSchema } from '../exports.ts';
import { bilingualSchema } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';
import { timeZoneSchema } from './orders.ts';

/**
 * Console: reports. Each report covers a period of whole days — `from` and `to` are calendar
 * dates, both included, in `timeZone` — and money in one currency (amounts in different
 * currencies are never added up). What counts as sold: orders paid in the period (only unpaid
 * orders can be cancelled, so a paid order was sold); refunds are shown apart, counted on the
 * day they were approved, whichever day the order was paid.
 */

/** A report covers at most this many days (a leap year). */
export const REPORT_MAX_DAYS = 366;
/** Breakdown reports (products, coupons, resellers...) answer at most this many rows, largest first. */
export const REPORT_MAX_ROWS = 200;

export const REPORT_NAMES = ['sales', 'products', 'destinations', 'coupons', 'resellers', 'merchants', 'refunds', 'esim_installs', 'stock_forecast'] as const;
export const reportNameSchema = z.enum(REPORT_NAMES);
export type ReportName = z.infer<typeof reportNameSchema>;

/** Reports about money take a currency; the eSIM ones count units and do not. */
export const MONEY_REPORTS: readonly ReportName[] = ['sales', 'products', 'destinations', 'coupons', 'resellers', 'merchants', 'refunds'];

export const REPORT_BUCKETS = ['day', 'week', 'month'] as const;
export const reportBucketSchema = z.enum(REPORT_BUCKETS);
export type ReportBucket = z.infer<typeof reportBucketSchema>;

const isoDate = z.iso.date();

export const reportPeriodSchema = z
  .object({
    from: isoDate,
    to: isoDate,
    timeZone: timeZoneSchema.default('UTC'),
  })
  .strict();

const moneyRequest = reportPeriodSchema.extend({ currency: currencySchema }).strict();
const bucketed = { bucket: reportBucketSchema.default('day') };

/** Sales over time: one row per day, week (from Monday) or month, empty ones included. */
export const salesReportRow = z.object({
  /** The bucket's first day (YYYY-MM-DD); the first and last bucket may be cut by the period. */
  bucket: z.string(),
  orders: z.number().int(),
  gross: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
});
const namedSales = { orders: z.number().int(), gross: z.number().int() };

export const productReportRow = z.object({ productId: z.number().int(), productKey: z.string(), name: bilingualSchema, orders: z.number().int(), units: z.number().int(), amount: z.number().int() });
/** A destination (ISO country or region code): what plans for it alone sold, and what plans covering it with others did. */
export const destinationReportRow = z.object({ country: z.string(), units: z.number().int(), amount: z.number().int(), multiUnits: z.number().int(), multiAmount: z.number().int() });
export const couponReportRow = z.object({ couponId: z.number().int(), name: bilingualSchema, ...namedSales, discount: z.number().int() });
export const resellerReportRow = z.object({ userId: z.number().int(), account: z.string(), ...namedSales, refunds: z.number().int() });
export const merchantReportRow = z.object({ merchantId: z.number().int(), name: bilingualSchema, ...namedSales, refunds: z.number().int() });
/** `reason` is a contract refund reason, `withdrawal`, or `unknown` (none kept). */
export const refundReportRow = z.object({ reason: z.string(), refunds: z.number().int(), amount: z.number().int() });
export const esimInstallReportRow = z.object({ bucket: z.string(), paidUnits: z.number().int(), issued: z.number().int(), installed24h: z.number().int() });
export const stockForecastRow = z.object({
  skuId: z.number().int(),
  skuCode: z.string(),
  name: bilingualSchema,
  /** Profiles in the pool nobody has been given yet. */
  free: z.number().int(),
  /** eSIMs of this SKU in orders paid in the period. */
  sold: z.number().int(),
  /** sold ÷ days in the period, two decimals. */
  perDay: z.number(),
  /** free ÷ perDay, whole days rounded down; 0 when the pool is empty; null when nothing sold (no run-out in sight). */
  daysLeft: z.number().int().nullable(),
});

const answer = <R extends z.ZodType>(row: R) => z.object({ rows: z.array(row) });

export const reportRequests = {
  sales: moneyRequest.extend(bucketed).strict(),
  products: moneyRequest,
  destinations: moneyRequest,
  coupons: moneyRequest,
  resellers: moneyRequest,
  merchants: moneyRequest,
  refunds: moneyRequest,
  esim_installs: reportPeriodSchema.extend(bucketed).strict(),
  stock_forecast: reportPeriodSchema,
} as const;

export const esimInstallsResponse = z.object({
  rows: z.array(esimInstallReportRow),
  /** The whole period: eSIM units paid, eSIMs issued, installed within 24 h of payment, installed at all. */
  paidUnits: z.number().int(),
  issued: z.number().int(),
  installed24h: z.number().int(),
  installed: z.number().int(),
  /** Median minutes from payment to the first successful install, of those installed; null: none. */
  medianMinutes: z.number().int().nullable(),
});

export const reportExportRequest = z
  .object({
    report: reportNameSchema,
    from: isoDate,
    to: isoDate,
    timeZone: timeZoneSchema.default('UTC'),
    /** Needed by the money reports (MONEY_REPORTS), ignored by the others. */
    currency: currencySchema.optional(),
    bucket: reportBucketSchema.default('day'),
    format: exportFormatSchema.default('csv'),
    /** Column headers and names in this language. */
    lang: z.enum(['en', 'zh-Hans']).default('en'),
  })
  .strict();
export const reportExportResponse = z.object({ fileName: z.string(), contentType: z.string(), base64: z.string(), rows: z.number().int() });

const read = { permission: 'dashboard.read', write: false } as const;

export const adminReportsEndpoint = adminEndpoint('reports', 'sales and eSIM reports', {
  sales: defineAdminAction({ ...read, summary: 'Sales per day, week or month', request: reportRequests.sales, response: answer(salesReportRow) }),
  products: defineAdminAction({ ...read, summary: 'Sales per product', request: reportRequests.products, response: answer(productReportRow) }),
  destinations: defineAdminAction({ ...read, summary: 'eSIM sales per destination', request: reportRequests.destinations, response: answer(destinationReportRow) }),
  coupons: defineAdminAction({ ...read, summary: 'Sales per coupon', request: reportRequests.coupons, response: answer(couponReportRow) }),
  resellers: defineAdminAction({ ...read, summary: 'Sales per reseller', request: reportRequests.resellers, response: answer(resellerReportRow) }),
  merchants: defineAdminAction({ ...read, summary: 'Sales per merchant', request: reportRequests.merchants, response: answer(merchantReportRow) }),
  refunds: defineAdminAction({ ...read, summary: 'Approved refunds per reason', request: reportRequests.refunds, response: answer(refundReportRow) }),
  esim_installs: defineAdminAction({ ...read, summary: 'eSIMs issued and installed', request: reportRequests.esim_installs, response: esimInstallsResponse }),
  stock_forecast: defineAdminAction({ ...read, summary: 'When each eSIM pool runs out', request: reportRequests.stock_forecast, response: answer(stockForecastRow) }),
  export: defineAdminAction({ ...read, summary: 'A report as CSV or xlsx', request: reportExportRequest, response: reportExportResponse }),
});

export type SalesReportRow = z.infer<typeof salesReportRow>;
export type ProductReportRow = z.infer<typeof productReportRow>;
export type DestinationReportRow = z.infer<typeof destinationReportRow>;
export type CouponReportRow = z.infer<typeof couponReportRow>;
export type ResellerReportRow = z.infer<typeof resellerReportRow>;
export type MerchantReportRow = z.infer<typeof merchantReportRow>;
export type RefundReportRow = z.infer<typeof refundReportRow>;
export type EsimInstallsReport = z.infer<typeof esimInstallsResponse>;
export type StockForecastRow = z.infer<typeof stockForecastRow>;
