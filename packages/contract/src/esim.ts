import { z } from 'zod';
import { countryCodeSchema, i18nField, pageSchema, VALIDITY_STARTS } from './catalogue.ts';
import { esimPackageSchema } from './esim-addons.ts';
import { activationStatusSchema, esimClassSchema, esimRecordStatusSchema, installLogTypeSchema } from './enums.ts';

/**
 * eSIMs (SPEC §3, DESIGN §4): a profile is reached through its SM-DP+ address and matching id
 * (the activation code). The install string every LPA understands is `LPA:1$<smdp>$<matchingId>`.
 */
export function lpaString(dpAddress: string, matchingId: string): string {
  return `LPA:1$${dpAddress}$${matchingId}`;
}

/** iOS 17.4+ installs from this link in one tap (Apple's universal eSIM setup link). */
export function iosInstallUrl(dpAddress: string, matchingId: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpaString(dpAddress, matchingId))}`;
}

export const installLogSchema = z.object({ type: installLogTypeSchema, eid: z.string().nullable(), at: z.number().int() });

/** Where a plan stands; `unknown` when its start or use is known only to the network and it did not answer. */
export const ESIM_USAGE_STATES = ['not-started', 'active', 'expired', 'used-up', 'unknown'] as const;
export type EsimUsageState = (typeof ESIM_USAGE_STATES)[number];

/**
 * Data left and days left: the allowance and days bought (the SKU's plan facts) counted
 * against what the network reports. The days run in 24-hour periods from the start, the same
 * instant wherever the traveller is. Sizes in MB, 1 GB = 1000 MB.
 */
export const esimUsageSchema = z.object({
  /** The allowance bought; null: unlimited. */
  dataMb: z.number().int().positive().nullable(),
  validityDays: z.number().int().positive(),
  validityStarts: z.enum(VALIDITY_STARTS),
  /** Used so far, as the network reported it at `checkedAt`; null: unknown (not reachable, or no ICCID to ask by). */
  usedMb: z.number().int().min(0).nullable(),
  /** What is left of a limited allowance (never below 0); null when unlimited or unknown. */
  leftMb: z.number().int().min(0).nullable(),
  /** When the days started counting (epoch ms); null: not yet, or unknown. */
  startedAt: z.number().int().nullable(),
  expiresAt: z.number().int().nullable(),
  /** Days left, a part day counted as one; the whole validity before the start; 0 once expired; null when unknown. */
  daysLeft: z.number().int().min(0).nullable(),
  state: z.enum(ESIM_USAGE_STATES),
  /** When this was worked out (epoch ms): a copy saved for offline use says how old it is. */
  checkedAt: z.number().int(),
});
export type EsimUsage = z.infer<typeof esimUsageSchema>;

export const esimSchema = z.object({
  id: z.number().int(),
  class: esimClassSchema,
  name: z.string(),
  /** The plan bought: the chosen spec values of its order line, e.g. ['5 GB', '7 days']; empty when not bought here. */
  plan: z.array(z.string()),
  orderNo: z.string().nullable(),
  activationCode: z.string(),
  dpAddress: z.string(),
  lpa: z.string(),
  iccid: z.string().nullable(),
  eid: z.string().nullable(),
  remark: z.string(),
  scanTimes: z.number().int(),
  assignedAt: z.number().int().nullable(),
  added: z.boolean(),
  addedAt: z.number().int().nullable(),
  status: esimRecordStatusSchema,
  activationStatus: activationStatusSchema,
  installLog: z.array(installLogSchema),
  /** Data and days left; null when the plan's facts are not known (not bought here, or a SKU without them). Only one eSIM's page asks the network. */
  usage: esimUsageSchema.nullable(),
  /** The plan and its add-ons in the order they are used (ESIM_ADDON_RULE); empty when the plan's facts are not known. */
  packages: z.array(esimPackageSchema).default([]),
});
export type Esim = z.infer<typeof esimSchema>;
/** An eSIM in a list (mine, search, Manage eSIM): without its log and usage, which cost a read each. */
export const esimSummarySchema = esimSchema.omit({ installLog: true, usage: true, packages: true });
export type EsimSummary = z.infer<typeof esimSummarySchema>;

export const esimListRequest = pageSchema.extend({ i18n: i18nField });
/**
 * An eSIM in the owner's list: the summary with where its plan works (its product's destinations;
 * empty when not bought here) and its data and days left, as on its page.
 */
export const esimListItemSchema = esimSummarySchema.extend({ coverage: z.array(countryCodeSchema), usage: esimUsageSchema.nullable() });
export type EsimListItem = z.infer<typeof esimListItemSchema>;
export const esimListResponse = z.object({ items: z.array(esimListItemSchema), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export const esimRefRequest = z.object({ id: z.number().int().positive(), i18n: i18nField });
export const esimRemarkRequest = z.object({ id: z.number().int().positive(), i18n: i18nField, remark: z.string().trim().max(100, 'validation.too_long') });

/**
 * eSIM search (SPEC §2 common/esim-search): by EID, ICCID or activation code. Any eSIM bound
 * to the EID is found (its profile installs on that one device only); by ICCID or activation
 * code, only the caller's own.
 */
export const esimSearchRequest = z.object({ query: z.string().trim().min(1, 'validation.required').max(64), i18n: i18nField });
export const esimSearchResponse = z.object({ by: z.enum(['eid', 'iccid', 'activation_code']), items: z.array(esimSummarySchema) });

/** White-list self-adder: claim an eSIM by its activation code (uppercase letters and digits). */
export const esimSelfAddRequest = z.object({ activationCode: z.string().trim().regex(/^[A-Z0-9]{4,64}$/, 'validation.whitelist_activation_code'), i18n: i18nField });
