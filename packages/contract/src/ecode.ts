import { z } from 'zod';
import { i18nField, pageSchema } from './catalogue.ts';
import { EcodeStatus, ecodeStatusSchema, EsimClass, esimClassSchema, type EcodeStatus as Status } from './enums.ts';
import { exportRequest, exportResponse } from './exports.ts';

/**
 * ECodes (SPEC §3–§5, DESIGN §4): voucher codes resellers buy as `ecode` products, `JT` + 10
 * digits, one per unit, issued when the order is paid. A holder customises a code into a QPE
 * eSIM with the phone's IMEI and fetches that eSIM later with the same code.
 */

/**
 * The lifecycle is this one table: every status change of an ECode is one of these events,
 * applied by the server's ECode service (never a status set by hand elsewhere).
 */
export const ECODE_TRANSITIONS = {
  /** The reseller marks a code handed to a customer. */
  sell: [[EcodeStatus.unused], EcodeStatus.sold],
  /** The reseller removes a code; customised ones carry an eSIM and stay. */
  delete: [[EcodeStatus.unused, EcodeStatus.sold], EcodeStatus.deleted],
  /** A holder turns the code into an eSIM. */
  customize: [[EcodeStatus.unused, EcodeStatus.sold], EcodeStatus.customized],
  /** The order that bought it was refunded: codes never handed out are void. */
  invalidate: [[EcodeStatus.unused], EcodeStatus.invalid],
} as const satisfies Record<string, readonly [readonly Status[], Status]>;
export type EcodeEvent = keyof typeof ECODE_TRANSITIONS;

export function canApplyEcode(event: EcodeEvent, from: string): boolean {
  return (ECODE_TRANSITIONS[event][0] as readonly string[]).includes(from);
}

/**
 * QPE customise and fetch come in configured variants of one flow (SPEC §2 mine/qpe and
 * mine/qpe/customized/longkese-*): the variant decides the eSIM class, the profile type asked of
 * the SM-DP+ and the page titles; everything else is shared.
 */
export const QPE_VARIANTS = {
  qpe: { esimClass: EsimClass.qpeInstant, profileType: 'QPE', titleKey: 'ecode.variant.qpe' },
  longkese: { esimClass: EsimClass.qpePregenerated, profileType: 'QPE-LONGKESE', titleKey: 'ecode.variant.longkese' },
} as const;
export type QpeVariant = keyof typeof QPE_VARIANTS;
export const qpeVariantSchema = z.enum(Object.keys(QPE_VARIANTS) as [QpeVariant, ...QpeVariant[]]);

/**
 * The customise/fetch ECode rule (SPEC §5 "12 digits; on the secret pages it must also start
 * with JT"). Every issued code is JT + 10 digits, so the secret pages demand exactly that as
 * printed on the card; the signed-in pages take any 12 letters or digits in either case (a
 * customer typing "jt…" is not refused) and the lookup decides.
 */
export function normaliseCustomiseEcode(value: string): string {
  return value.trim().toUpperCase();
}
export function isCustomiseEcode(value: string, secret: boolean): boolean {
  return secret ? /^JT\d{10}$/.test(value.trim()) : /^[A-Z0-9]{12}$/.test(normaliseCustomiseEcode(value));
}
/** The validation message key for the rule above. */
export const customiseEcodeMessage = (secret: boolean) => (secret ? 'validation.ecode' : 'validation.ecode_digits12');

export const ecodeItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  status: ecodeStatusSchema,
  productName: z.string(),
  orderNo: z.string().nullable(),
  buyerNote: z.string(),
  imei: z.string().nullable(),
  variant: qpeVariantSchema.nullable(),
  createdAt: z.number().int(),
  soldAt: z.number().int().nullable(),
  customizedAt: z.number().int().nullable(),
});
export type EcodeItem = z.infer<typeof ecodeItemSchema>;

export const ecodeCountsSchema = z.object(Object.fromEntries(Object.values(EcodeStatus).map((s) => [s, z.number().int()])) as Record<Status, z.ZodNumber>);
export type EcodeCounts = z.infer<typeof ecodeCountsSchema>;

/** Without a status, every code but the deleted ones. */
export const ecodeListRequest = pageSchema.extend({ i18n: i18nField, status: ecodeStatusSchema.optional() });
export const ecodeListResponse = z.object({ items: z.array(ecodeItemSchema), total: z.number().int(), page: z.number().int(), size: z.number().int(), counts: ecodeCountsSchema });

const ecodeField = z.string().trim().min(1, 'validation.required').max(32, 'validation.too_long');
export const ecodeSearchRequest = z.object({ code: ecodeField, i18n: i18nField });
export const ecodeSearchResponse = z.object({ items: z.array(ecodeItemSchema) });
export const ecodeMarkSoldRequest = z.object({ code: ecodeField, note: z.string().trim().max(100, 'validation.too_long').default(''), i18n: i18nField });
export const ecodeDeleteRequest = z.object({ code: ecodeField, i18n: i18nField });
export const ecodeExportRequest = exportRequest.extend({ status: ecodeStatusSchema.optional(), i18n: i18nField });
export const ecodeExportResponse = exportResponse;

export const qpeEsimSchema = z.object({
  class: esimClassSchema,
  activationCode: z.string(),
  dpAddress: z.string(),
  lpa: z.string(),
  iccid: z.string().nullable(),
});
export const qpeResultSchema = z.object({
  ecode: z.string(),
  variant: qpeVariantSchema,
  imei: z.string(),
  customizedAt: z.number().int(),
  esim: qpeEsimSchema,
});
export type QpeResult = z.infer<typeof qpeResultSchema>;

/** The ECode and IMEI are checked by the service, so a bad one gets "ECode incorrect" / "IMEI/SN incorrect". */
export const qpeCustomizeRequest = z.object({ ecode: ecodeField, imei: z.string().trim().min(1, 'validation.required').max(32, 'validation.too_long'), variant: qpeVariantSchema, secret: z.boolean().default(false), i18n: i18nField });
export const qpeFetchRequest = z.object({ ecode: ecodeField, variant: qpeVariantSchema, secret: z.boolean().default(false), i18n: i18nField });
