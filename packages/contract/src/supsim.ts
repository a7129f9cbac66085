import { z } from 'zod';
import { eidOrIccidSchema, iccidSchema, isMccOrMnc } from './validation.ts';

/**
 * SuperSIM (SPEC §2 mine/supsim, §3 "SuperSIM JT result"): multi-network SIMs from the JT
 * network. The JT query takes the bound number (EID or ICCID) and answers with MSISDN, expiry
 * and the home network (HPLMN = MCC + MNC).
 */
export const mccMncRequired = z.string().trim().refine(isMccOrMnc, 'validation.mcc_mnc');

export const jtResultSchema = z.object({
  boundNumber: z.string(),
  boundKind: z.enum(['eid', 'iccid']),
  msisdn: z.string(),
  expiryDate: z.string(),
  hplmn: z.object({ mcc: z.string(), mnc: z.string() }),
});
export type JtResult = z.infer<typeof jtResultSchema>;

export const supsimSchema = z.object({ id: z.number().int(), iccid: z.string(), remark: z.string(), boundAt: z.number().int() });
export const supsimDetailSchema = supsimSchema.extend({ jt: jtResultSchema });
export const supsimBindRequest = z.object({ iccid: iccidSchema, remark: z.string().trim().max(50, 'validation.too_long').default('') });
export const supsimRefRequest = z.object({ id: z.number().int().positive() });
export const supsimListResponse = z.object({ items: z.array(supsimSchema) });
export const jtQueryRequest = z.object({ number: eidOrIccidSchema });
export const setHplmnRequest = z.object({ id: z.number().int().positive(), mcc: mccMncRequired, mnc: mccMncRequired });
