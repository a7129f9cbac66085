import { z } from 'zod';
import { isCountryCode } from './countries.ts';
import { isContactPhone } from './phones.ts';
import { isHttpUrl } from './safe-url.ts';

/**
 * Applying to become a reseller (wholesale prices, balance, ECodes): a regular customer writes
 * who they are and what they would buy; staff who manage customers approve it (the account's
 * role becomes reseller) or reject it with a reason the customer reads. One application is open
 * at a time; after a rejection the customer may apply again.
 */
export const RESELLER_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const resellerApplicationStatusSchema = z.enum(RESELLER_APPLICATION_STATUSES);
export type ResellerApplicationStatus = z.infer<typeof resellerApplicationStatusSchema>;

/** What kind of business sells the SIMs on. */
export const RESELLER_BUSINESS_TYPES = ['travel_agency', 'phone_shop', 'online_store', 'corporate', 'other'] as const;
export const resellerBusinessTypeSchema = z.enum(RESELLER_BUSINESS_TYPES);
export type ResellerBusinessType = z.infer<typeof resellerBusinessTypeSchema>;

/** SIM cards and eSIMs a month the applicant expects to buy. */
export const RESELLER_MONTHLY_VOLUMES = ['under_50', '50_200', '200_1000', 'over_1000'] as const;
export const resellerMonthlyVolumeSchema = z.enum(RESELLER_MONTHLY_VOLUMES);
export type ResellerMonthlyVolume = z.infer<typeof resellerMonthlyVolumeSchema>;

const text = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long');
/** A choice from a list: nothing chosen (or anything else) asks to choose. */
const choice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, 'validation.required');

export const resellerApplyRequest = z
  .object({
    businessName: text(100),
    contactName: text(60),
    contactEmail: z.string().trim().toLowerCase().email('validation.email').max(120, 'validation.too_long'),
    // Landlines and hotlines too: only the form is checked (the mobile plans would refuse them).
    contactPhone: z.string().trim().refine((v) => isContactPhone(v), 'validation.contact_phone'),
    country: z.string('validation.required').refine(isCountryCode, 'validation.required'),
    businessType: choice(RESELLER_BUSINESS_TYPES),
    monthlyVolume: choice(RESELLER_MONTHLY_VOLUMES),
    website: z.union([z.literal(''), z.string().trim().max(300, 'validation.too_long').refine(isHttpUrl, 'validation.url')]).default(''),
    note: z.string().trim().max(1000, 'validation.too_long').default(''),
  })
  .strict()
  .superRefine((v, ctx) => {
    // Staff decide from something they can look at: the business's site or a few words about it.
    if (v.website === '' && v.note === '') ctx.addIssue({ code: 'custom', path: ['note'], message: 'validation.website_or_note' });
  });
export type ResellerApplyInput = z.output<typeof resellerApplyRequest>;

export const resellerApplicationSchema = z.object({
  id: z.number().int(),
  businessName: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  country: z.string(),
  businessType: resellerBusinessTypeSchema,
  monthlyVolume: resellerMonthlyVolumeSchema,
  website: z.string(),
  note: z.string(),
  status: resellerApplicationStatusSchema,
  /** Why staff rejected it (shown to the customer); null unless rejected. */
  rejectReason: z.string().nullable(),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
});
export type ResellerApplication = z.infer<typeof resellerApplicationSchema>;

export const myResellerApplicationResponse = z.object({
  /** The newest application, or null when the customer never applied. */
  application: resellerApplicationSchema.nullable(),
  /** Whether a new application would be accepted now (a regular account with none under review). */
  canApply: z.boolean(),
  /** The account may turn itself into a reseller account at once (SPEC §6 "create reseller"). */
  canCreateReseller: z.boolean(),
});
export type MyResellerApplication = z.infer<typeof myResellerApplicationResponse>;
