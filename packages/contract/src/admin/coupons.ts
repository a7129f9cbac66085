import { z } from 'zod';
import { productKindSchema } from '../catalogue.ts';
import { couponAudienceSchema, couponCodeSchema, couponDistributionSchema, couponKindSchema, couponTermsFields } from '../coupons.ts';
import { adminId, adminListRequest, adminListResponse, searchText } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';
import { currencySchema } from '../enums.ts';

/**
 * Console: coupons. The owner and operators create, edit and pause coupons, see who
 * used them on which order, and generate single-use codes for a campaign and export them as CSV.
 * Support and finance read. Rules that depend on each other (a percentage is 1–100, a public
 * coupon has a code, the end is after the start) are checked by the server with their reason.
 */
export const COUPON_CODES_MAX = 10_000;
export const COUPON_STATUSES = ['scheduled', 'active', 'paused', 'ended', 'used_up'] as const;
export const couponStatusSchema = z.enum(COUPON_STATUSES);
export type CouponStatus = z.infer<typeof couponStatusSchema>;

const couponRules = {
  nameEn: z.string().trim().min(1, 'validation.required').max(60, 'validation.too_long'),
  nameZh: z.string().trim().min(1, 'validation.required').max(60, 'validation.too_long'),
  kind: couponKindSchema,
  /** fixed: minor units off; percent: 1–100; free shipping: 0. */
  value: z.number().int().min(0).max(100_000_000),
  /** A percentage coupon's most off, minor units; null: no cap. */
  maxDiscount: z.number().int().positive().max(100_000_000).nullable().default(null),
  currency: currencySchema,
  minSpend: z.number().int().min(0).max(100_000_000).default(0),
  startsAt: z.number().int().nonnegative(),
  endsAt: z.number().int().positive().nullable().default(null),
  productKinds: z.array(productKindSchema).max(10).default([]),
  productIds: z.array(adminId).max(100).default([]),
  audience: couponAudienceSchema.default('both'),
  /** Uses by everyone together; null: no limit. */
  maxUses: z.number().int().positive().max(10_000_000).nullable().default(null),
  perCustomer: z.number().int().min(1).max(100).default(1),
  withWholesale: z.boolean().default(false),
};

export const adminCouponCreateRequest = z
  .object({
    ...couponRules,
    distribution: couponDistributionSchema,
    /** The public code customers type (distribution `code` only). */
    code: couponCodeSchema.nullable().default(null),
  })
  .strict();

export const adminCouponUpdateRequest = z
  .object({ id: adminId, version: z.number().int().positive(), ...couponRules, code: couponCodeSchema.nullable().default(null) })
  .strict();
/** A coupon's rules as the server receives them (create adds how it reaches customers, update its id and version). */
export type AdminCouponRules = Omit<z.output<typeof adminCouponUpdateRequest>, 'id' | 'version'>;

export const adminCouponSchema = z.object({
  id: z.number().int(),
  nameEn: z.string(),
  nameZh: z.string(),
  ...couponTermsFields,
  audience: couponAudienceSchema,
  maxUses: z.number().int().nullable(),
  perCustomer: z.number().int(),
  withWholesale: z.boolean(),
  distribution: couponDistributionSchema,
  code: z.string().nullable(),
  paused: z.boolean(),
  status: couponStatusSchema,
  uses: z.number().int(),
  claims: z.number().int(),
  codes: z.number().int(),
  codesUsed: z.number().int(),
  version: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponListRequest = adminListRequest(['created_at', 'ends_at', 'uses'] as const, { q: searchText, status: couponStatusSchema.optional() });
export const adminCouponListResponse = adminListResponse(adminCouponSchema);
export const adminCouponRefRequest = z.object({ id: adminId }).strict();
export const adminCouponPauseRequest = z.object({ id: adminId, paused: z.boolean() }).strict();

export const adminCouponUseSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  orderStatus: z.string(),
  customer: z.object({ id: z.number().int(), email: z.string().nullable(), tel: z.string().nullable(), reseller: z.boolean() }),
  code: z.string().nullable(),
  discount: z.number().int(),
  currency: z.string(),
  usedAt: z.number().int(),
  /** When the order became invalid or was fully refunded and the use went back. */
  returnedAt: z.number().int().nullable(),
});
export const adminCouponUsesRequest = adminListRequest(['created_at'] as const, { id: adminId });
export const adminCouponUsesResponse = adminListResponse(adminCouponUseSchema);

export const adminCouponGenerateRequest = z.object({ id: adminId, count: z.number().int().min(1, 'validation.quantity').max(COUPON_CODES_MAX, 'validation.quantity') }).strict();
export const adminCouponGenerateResponse = z.object({ generated: z.number().int(), codes: z.number().int() });
export const adminCouponExportResponse = z.object({
  filename: z.string(),
  /** UTF-8 CSV with a byte-order mark, for spreadsheet programs. */
  csv: z.string(),
  rows: z.number().int(),
});

export const adminCouponEndpoint = adminEndpoint('coupon', 'coupons', {
  list: defineAdminAction({ permission: 'promotions.view', write: false, summary: 'Coupons, paged, by status and name or code', request: adminCouponListRequest, response: adminCouponListResponse }),
  detail: defineAdminAction({ permission: 'promotions.view', write: false, summary: 'One coupon with its counts', request: adminCouponRefRequest, response: adminCouponSchema }),
  create: defineAdminAction({ permission: 'promotions.manage', write: true, summary: 'Creates a coupon', request: adminCouponCreateRequest, response: adminCouponSchema }),
  update: defineAdminAction({ permission: 'promotions.manage', write: true, summary: 'Changes a coupon\'s rules (refused when someone changed it meanwhile)', request: adminCouponUpdateRequest, response: adminCouponSchema }),
  pause: defineAdminAction({ permission: 'promotions.manage', write: true, summary: 'Pauses or resumes a coupon', request: adminCouponPauseRequest, response: adminCouponSchema }),
  uses: defineAdminAction({ permission: 'promotions.view', write: false, summary: 'The orders that used a coupon, newest first', request: adminCouponUsesRequest, response: adminCouponUsesResponse }),
  generate_codes: defineAdminAction({ permission: 'promotions.manage', write: true, summary: `Generates single-use codes (at most ${COUPON_CODES_MAX} at a time)`, request: adminCouponGenerateRequest, response: adminCouponGenerateResponse }),
  export_codes: defineAdminAction({ permission: 'promotions.manage', write: false, summary: 'The single-use codes of a coupon as CSV, with whether each was used', request: adminCouponRefRequest, response: adminCouponExportResponse }),
});
