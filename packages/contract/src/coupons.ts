import { z } from 'zod';
import { i18nField, productKindSchema } from './catalogue.ts';
import { currencySchema } from './enums.ts';

/**
 * Coupons. Three kinds: a fixed amount off, a percentage off (with an optional cap),
 * or the freight. Three ways to reach a customer: a public code typed at checkout (`code`), a
 * coupon claimed into "my coupons" (`claim`), or single-use codes the owner generates for a
 * campaign (`bulk`). The server checks every rule again when the order is created.
 */
export const COUPON_KINDS = ['fixed', 'percent', 'free_shipping'] as const;
export const couponKindSchema = z.enum(COUPON_KINDS);
export type CouponKind = z.infer<typeof couponKindSchema>;

export const COUPON_AUDIENCES = ['customers', 'resellers', 'both'] as const;
export const couponAudienceSchema = z.enum(COUPON_AUDIENCES);
export type CouponAudience = z.infer<typeof couponAudienceSchema>;

export const COUPON_DISTRIBUTIONS = ['code', 'claim', 'bulk'] as const;
export const couponDistributionSchema = z.enum(COUPON_DISTRIBUTIONS);
export type CouponDistribution = z.infer<typeof couponDistributionSchema>;

/** What a customer types: letters, digits and dashes, case does not matter. */
export const couponCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, 'validation.coupon_code');

/** A coupon's terms as the shop and the console both show them. */
export const couponTermsFields = {
  kind: couponKindSchema,
  /** fixed: minor units; percent: 1–100; free shipping: 0. */
  value: z.number().int(),
  maxDiscount: z.number().int().nullable(),
  currency: currencySchema,
  minSpend: z.number().int(),
  startsAt: z.number().int(),
  endsAt: z.number().int().nullable(),
  productKinds: z.array(productKindSchema),
  /** Restricted to these products (empty: any product of the kinds above). */
  productIds: z.array(z.number().int()),
};

/** A coupon as the shop shows it (my coupons, the claim list, the checkout picker). */
export const shopCouponSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ...couponTermsFields,
  /** The caller's state: may be claimed, claimed and usable, used up by them, or past its end. */
  state: z.enum(['claimable', 'claimed', 'used', 'expired']),
});
export type ShopCoupon = z.infer<typeof shopCouponSchema>;

export const myCouponsRequest = z.object({ i18n: i18nField, tab: z.enum(['usable', 'used', 'expired']).default('usable') });
export const couponListResponse = z.object({ items: z.array(shopCouponSchema) });
export const claimableCouponsRequest = z.object({ i18n: i18nField, productId: z.number().int().positive().optional() });
export const claimCouponRequest = z.object({ i18n: i18nField, couponId: z.number().int().positive() });

/** A catalogue refusal the checkout shows next to a coupon (why it does not apply). */
export const couponProblemSchema = z.object({ code: z.number().int(), i18n: z.string(), data: z.record(z.string(), z.unknown()) });
export type CouponProblem = z.infer<typeof couponProblemSchema>;

/** A coupon of the caller's at checkout, priced against this draft. */
export const draftCouponSchema = z.object({
  couponId: z.number().int(),
  /** The code the customer typed (public or single-use), null for a claimed coupon. */
  code: z.string().nullable(),
  name: z.string(),
  kind: couponKindSchema,
  /** As on the ticket: minor units off, the percentage, or 0 for free shipping. */
  value: z.number().int(),
  discount: z.number().int(),
  problem: couponProblemSchema.nullable(),
});
export type DraftCoupon = z.infer<typeof draftCouponSchema>;

/** The coupon an order used, as its detail names it on the discount line (code: the one typed, null for a claimed coupon). */
export const orderCouponSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable() });
export type OrderCoupon = z.infer<typeof orderCouponSchema>;

/** What the order draft carries: a typed code or a claimed coupon, not both. */
export const draftCouponFields = {
  couponCode: couponCodeSchema.optional(),
  couponId: z.number().int().positive().optional(),
};

/**
 * What the order preview adds: the applied coupon, why the chosen one does not apply (the order
 * is then priced without it; creating the order refuses with that error), every claimed coupon
 * priced against the draft, and the one that takes most off.
 */
export const previewCouponFields = {
  coupon: draftCouponSchema.nullable(),
  couponProblem: couponProblemSchema.nullable(),
  coupons: z.array(draftCouponSchema),
  suggestedCouponId: z.number().int().nullable(),
};
