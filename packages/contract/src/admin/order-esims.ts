import { z } from 'zod';
import { activationStatusSchema, esimRecordStatusSchema } from '../enums.ts';
import { esimUsageSchema, installLogSchema } from '../esim.ts';
import { bilingualSchema } from './common.ts';

/**
 * What staff deciding on an eSIM order's refund see of each eSIM it delivered: whether it was
 * installed and when, its install log's last entries and its data used of the total (read by the
 * esim module, as the customer's eSIM page reads them).
 */

/** The install log entries shown per eSIM, newest first; `installLogTotal` counts them all. */
export const ORDER_ESIM_LOG_ENTRIES = 5;

export const adminOrderEsimSchema = z.object({
  id: z.number().int(),
  /** The order line's product name. */
  name: bilingualSchema,
  iccid: z.string().nullable(),
  eid: z.string().nullable(),
  status: esimRecordStatusSchema,
  activationStatus: activationStatusSchema,
  /** Installed on a device: the SM-DP+ reported an install, or the customer marked it added. */
  installed: z.boolean(),
  /** The first install reported (else when the customer marked it added); null: not installed or not known when. */
  installedAt: z.number().int().nullable(),
  installLog: z.array(installLogSchema),
  installLogTotal: z.number().int(),
  /** Data and days used and left (as the shop's eSIM page); null: not a travel plan, or refunded. */
  usage: esimUsageSchema.nullable(),
});
export type AdminOrderEsim = z.infer<typeof adminOrderEsimSchema>;

export const adminOrderEsimsResponse = z.object({ items: z.array(adminOrderEsimSchema) });
export type AdminOrderEsims = z.infer<typeof adminOrderEsimsResponse>;
