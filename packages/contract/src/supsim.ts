import { z } from 'zod';
import { lineProofFields } from './devices.ts';
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
  /** Masked (`447****3456`) unless the SuperSIM is one the caller follows. */
  msisdn: z.string(),
  expiryDate: z.string(),
  hplmn: z.object({ mcc: z.string(), mnc: z.string() }),
});
export type JtResult = z.infer<typeof jtResultSchema>;

export const supsimSchema = z.object({ id: z.number().int(), iccid: z.string(), remark: z.string(), boundAt: z.number().int() });
export const supsimDetailSchema = supsimSchema.extend({ jt: jtResultSchema });
/** Binding proves the card is yours like a SIM's (devices.ts `lineProofFields`). */
export const supsimBindRequest = z.object({ iccid: iccidSchema, remark: z.string().trim().max(50, 'validation.too_long').default(''), ...lineProofFields });
export const supsimRefRequest = z.object({ id: z.number().int().positive() });
export const supsimListResponse = z.object({ items: z.array(supsimSchema) });
export const jtQueryRequest = z.object({ number: eidOrIccidSchema });
export const setHplmnRequest = z.object({ id: z.number().int().positive(), mcc: mccMncRequired, mnc: mccMncRequired });
