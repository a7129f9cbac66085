import { z } from 'zod';
import { formatVolume } from './format.ts';
import { i18nField, pageSchema } from './catalogue.ts';
import { iccidSchema, pukSchema, verificationCodeSchema } from './validation.ts';

/**
 * Devices (SPEC §2 mine/device pages): SIM cards a customer binds by ICCID to follow their data
 * volume, recharge them and see roaming usage. The carrier side is an adapter (DESIGN §4).
 */
export const DEVICE_CARRIERS = ['cu', 'cm'] as const;
export const deviceCarrierSchema = z.enum(DEVICE_CARRIERS);
export type DeviceCarrier = z.infer<typeof deviceCarrierSchema>;

export const volumeSchema = z.object({
  /** Megabytes; shown with the SPEC §9 rule (`formatVolume`). */
  totalMb: z.number().int(),
  usedMb: z.number().int(),
  leftMb: z.number().int(),
  expiresAt: z.number().int().nullable(),
});
export type Volume = z.infer<typeof volumeSchema>;
export const volumeText = (v: Volume) => ({ total: formatVolume(v.totalMb), used: formatVolume(v.usedMb), left: formatVolume(v.leftMb) });

export const deviceSchema = z.object({
  id: z.number().int(),
  iccid: z.string(),
  msisdn: z.string().nullable(),
  carrier: deviceCarrierSchema,
  remark: z.string(),
  status: z.enum(['active', 'suspended', 'inactive']),
  plan: z.string(),
  boundAt: z.number().int(),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceDetailSchema = deviceSchema.extend({
  volume: volumeSchema,
  diagnose: z.object({ ok: z.boolean(), checks: z.array(z.object({ name: z.string(), ok: z.boolean() })) }),
});

/**
 * Proof that the caller holds the SIM, one of: the 6-digit code sent by SMS to the
 * line (`send_code`), or the card's 8-digit PUK. Binding a line someone else follows with proof
 * moves it to the caller: the real holder reclaims it.
 */
export const lineProofFields = { code: verificationCodeSchema.optional(), puk: pukSchema.optional() };

/** Asks for the SMS code that proves a SIM line is yours. */
export const lineCodeRequest = z.object({ iccid: iccidSchema });
export const lineCodeResponse = z.object({
  /** The number the code went to, masked (`186****1234`). */
  msisdn: z.string(),
  resendAfterSeconds: z.number().int(),
  expiresAt: z.number().int(),
});
export type LineCodeResponse = z.infer<typeof lineCodeResponse>;

/** A phone number shown to someone who has not proven the line: the first 3 and last 4 digits. */
export function maskMsisdn(msisdn: string): string {
  return msisdn.length > 7 ? `${msisdn.slice(0, 3)}****${msisdn.slice(-4)}` : '****';
}

export const bindDeviceRequest = z.object({ iccid: iccidSchema, remark: z.string().trim().max(50, 'validation.too_long').default(''), ...lineProofFields });
export const deviceRefRequest = z.object({ id: z.number().int().positive(), i18n: i18nField });
export const deviceListResponse = z.object({ items: z.array(deviceSchema) });

/** A recharge sent to the carrier: waiting for its answer, applied, or failed. */
export const RECHARGE_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const rechargeStatusSchema = z.enum(RECHARGE_STATUSES);
export type RechargeStatus = z.infer<typeof rechargeStatusSchema>;

export const rechargeRecordSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  packageName: z.string(),
  volumeMb: z.number().int(),
  status: rechargeStatusSchema,
  orderNo: z.string(),
  createdAt: z.number().int(),
});
export const rechargeListRequest = pageSchema.extend({ deviceId: z.number().int().positive().optional(), i18n: i18nField });
export const rechargeListResponse = z.object({ items: z.array(rechargeRecordSchema), total: z.number().int() });

export const roamingRecordSchema = z.object({ country: z.string(), mcc: z.string(), usedMb: z.number().int(), day: z.string() });
export const roamingListResponse = z.object({ items: z.array(roamingRecordSchema) });

export const volumeRequest = z.object({ id: z.number().int().positive() });
