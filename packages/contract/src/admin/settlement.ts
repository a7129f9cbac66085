import { z } from 'zod';
import { currencySchema } from '../enums.ts';
import { exportFormatSchema } from '../exports.ts';
import { adminMerchantRefSchema } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';

/**
 * Console: settlement. Per merchant and period — a calendar month or any from–to, in
 * epoch milliseconds, `from` included and `to` not — what the merchant sold, what went back, the
 * platform's commission and what the platform owes the merchant. The figures are computed from
 * the order, payment and refund rows (never an edited total); settling a period copies them into
 * a settlement that never changes afterwards (docs/decisions.md "Settlement").
 */

/** At most a year at a time (a year has at most 366 days). */
export const SETTLEMENT_MAX_PERIOD_MS = 366 * 24 * 3_600_000;

const period = {
  from: z.number().int().nonnegative(),
  to: z.number().int().positive(),
};

export const settlementFiguresSchema = z.object({
  currency: currencySchema,
  /** Orders paid in the period. */
  orders: z.number().int(),
  /** What those orders were paid (their totals), minor units. */
  gross: z.number().int(),
  /** Refunds approved in the period, whichever period the order was paid in. */
  refunds: z.number().int(),
  /** The platform's commission: each paid order's rounded commission, less each refund's. */
  commission: z.number().int(),
  /** gross − refunds − commission: what the platform owes the merchant. */
  payable: z.number().int(),
});
export type SettlementFigures = z.infer<typeof settlementFiguresSchema>;

export const settlementRowSchema = z.object({
  merchant: adminMerchantRefSchema,
  /** The rate the figures use: the merchant's current one, or the one a settlement was made with. */
  commissionBps: z.number().int(),
  /** One line per currency the merchant sold or refunded in. */
  lines: z.array(settlementFiguresSchema),
  /** The settlement that locked exactly this period, whose stored figures these are; null when open. */
  settled: z.object({ id: z.number().int(), at: z.number().int(), by: z.string().nullable() }).nullable(),
  /** Part of the period overlaps a settled period (it can be looked at, not settled). */
  overlapsSettled: z.boolean(),
});
export type SettlementRow = z.infer<typeof settlementRowSchema>;

export const settlementListRequest = z.object({
  ...period,
  /** One merchant; none: every merchant the caller may see (merchant staff: their own). */
  merchantId: z.number().int().positive().optional(),
});
export const settlementListResponse = z.object({ from: z.number().int(), to: z.number().int(), items: z.array(settlementRowSchema) });

export const settlementExportRequest = settlementListRequest.extend({
  format: exportFormatSchema.default('csv'),
  /** Column headers in this language. */
  lang: z.enum(['en', 'zh-Hans']).default('en'),
});
export const settlementExportResponse = z.object({
  fileName: z.string(),
  contentType: z.string(),
  /** The file, base64: the console saves it as a download. */
  base64: z.string(),
  rows: z.number().int(),
});

export const settlementSettleRequest = z.object({ ...period, merchantId: z.number().int().positive() });
export const settlementSettleResponse = settlementRowSchema;

export const adminSettlementEndpoint = adminEndpoint('settlement', 'settlement per merchant and period', {
  list: defineAdminAction({ summary: 'Figures per merchant for a period', request: settlementListRequest, response: settlementListResponse, permission: 'payments.read', write: false }),
  export: defineAdminAction({ summary: 'The figures as CSV or xlsx', request: settlementExportRequest, response: settlementExportResponse, permission: 'payments.read', write: false }),
  settle: defineAdminAction({ summary: 'Settle (lock) a merchant period', request: settlementSettleRequest, response: settlementSettleResponse, permission: 'settlements.manage', write: true }),
});
