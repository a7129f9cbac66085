import { z } from 'zod';
import { pageSchema } from './catalogue.ts';
import { currencySchema } from './enums.ts';

/**
 * Billing (SPEC §7 billing.do): what the caller paid, what came back, and every change of a
 * reseller balance, newest first. Amounts are signed minor units: money out is negative.
 */
export const billingRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(['payment', 'refund', 'balance']),
  amount: z.number().int(),
  currency: currencySchema,
  orderNo: z.string().nullable(),
  method: z.string().nullable(),
  reason: z.string(),
  at: z.number().int(),
});
export type BillingRecord = z.infer<typeof billingRecordSchema>;
export const billingListRequest = pageSchema;
export const billingListResponse = z.object({ items: z.array(billingRecordSchema), total: z.number().int() });
