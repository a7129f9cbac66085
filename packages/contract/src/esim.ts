import { z } from 'zod';
import { i18nField, pageSchema } from './catalogue.ts';
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

export const esimSchema = z.object({
  id: z.number().int(),
  class: esimClassSchema,
  name: z.string(),
  /** The plan bought (issue 11): the chosen spec values of its order line, e.g. ['5 GB', '7 days']; empty when not bought here. */
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
});
export type Esim = z.infer<typeof esimSchema>;

export const esimListRequest = pageSchema.extend({ i18n: i18nField });
export const esimListResponse = z.object({ items: z.array(esimSchema.omit({ installLog: true })), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export const esimRefRequest = z.object({ id: z.number().int().positive(), i18n: i18nField });
export const esimRemarkRequest = z.object({ id: z.number().int().positive(), i18n: i18nField, remark: z.string().trim().max(100, 'validation.too_long') });

/**
 * eSIM search (SPEC §2 common/esim-search): by EID, ICCID or activation code. Any eSIM bound
 * to the EID is found (its profile installs on that one device only); by ICCID or activation
 * code, only the caller's own.
 */
export const esimSearchRequest = z.object({ query: z.string().trim().min(1, 'validation.required').max(64), i18n: i18nField });
export const esimSearchResponse = z.object({ by: z.enum(['eid', 'iccid', 'activation_code']), items: z.array(esimSchema.omit({ installLog: true })) });

/** White-list self-adder: claim an eSIM by its activation code (uppercase letters and digits). */
export const esimSelfAddRequest = z.object({ activationCode: z.string().trim().regex(/^[A-Z0-9]{4,64}$/, 'validation.whitelist_activation_code'), i18n: i18nField });
