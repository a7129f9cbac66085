import { z } from 'zod';
import { formatVolume } from './format.ts';
import { i18nField, pageSchema } from './catalogue.ts';
import { iccidSchema } from './validation.ts';

/**
 * Devices (SPEC §2 mine/device pages): SIM cards a customer binds by ICCID to follow their data
 * volume, recharge them and see roaming usage. The carrier side is an adapter (DESIGN §4).
 */
export const DEVICE_CARRIERS = ['cu', 'cm'] as const;
export const deviceCarrierSchema = z.enum(DEVICE_CARRIERS);

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

export const bindDeviceRequest = z.object({ iccid: iccidSchema, remark: z.string().trim().max(50, 'validation.too_long').default('') });
export const deviceRefRequest = z.object({ id: z.number().int().positive(), i18n: i18nField });
export const deviceListResponse = z.object({ items: z.array(deviceSchema) });

export const rechargeRecordSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  packageName: z.string(),
  volumeMb: z.number().int(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  orderNo: z.string(),
  createdAt: z.number().int(),
});
export const rechargeListRequest = pageSchema.extend({ deviceId: z.number().int().positive().optional(), i18n: i18nField });
export const rechargeListResponse = z.object({ items: z.array(rechargeRecordSchema), total: z.number().int() });

export const roamingRecordSchema = z.object({ country: z.string(), mcc: z.string(), usedMb: z.number().int(), day: z.string() });
export const roamingListResponse = z.object({ items: z.array(roamingRecordSchema) });

export const volumeRequest = z.object({ id: z.number().int().positive() });
