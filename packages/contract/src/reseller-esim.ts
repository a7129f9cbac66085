import { z } from 'zod';
import { i18nField, pageSchema } from './catalogue.ts';
import { currencySchema, esimClassSchema, esimRecordStatusSchema } from './enums.ts';
import { esimSummarySchema } from './esim.ts';
import { exportRequest } from './exports.ts';

/**
 * Manage eSIM (SPEC §2 esim/index, §7 number/reseller.do): a reseller generates N eSIMs of a
 * class from the shop's pool, paid from the balance at the wholesale price, in one transaction;
 * then lists, searches and exports them. A class is one pool SKU the shop opened to resellers.
 */
export const GENERATE_MAX = 500;

export const generateClassSchema = z.object({
  skuId: z.number().int(),
  class: esimClassSchema,
  name: z.string(),
  /** The wholesale price of one eSIM, minor units. */
  unitPrice: z.number().int(),
  currency: currencySchema,
  /** Profiles left in the pool that can be generated now. */
  available: z.number().int(),
});
export type GenerateClass = z.infer<typeof generateClassSchema>;
export const generateClassesRequest = z.object({ i18n: i18nField });
export const generateClassesResponse = z.object({ items: z.array(generateClassSchema) });

export const batchNoSchema = z.string().regex(/^EB\d{14}[0-9A-Z]{6}$/, 'validation.invalid');

export const generateBatchSchema = z.object({
  batchNo: z.string(),
  skuId: z.number().int(),
  class: esimClassSchema,
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
  currency: currencySchema,
  createdAt: z.number().int(),
});
export type GenerateBatch = z.infer<typeof generateBatchSchema>;

/** A generated eSIM: the eSIM list's fields plus the batch it came in. */
export const resellerEsimSchema = esimSummarySchema.extend({ batchNo: z.string().nullable() });
export type ResellerEsim = z.infer<typeof resellerEsimSchema>;

export const generateRequest = z.object({
  /** SKU ids are 32-bit integers in PostgreSQL: a larger one is refused, not sent to the database. */
  skuId: z.number().int().positive().max(2_147_483_647),
  quantity: z.number('validation.required').int('validation.quantity').min(1, 'validation.quantity').max(GENERATE_MAX, 'validation.quantity'),
  i18n: i18nField,
});
export const generateResponse = z.object({ batch: generateBatchSchema, items: z.array(resellerEsimSchema), balance: z.number().int() });

/** Filters of the generated list (and of its export). */
const listFilter = {
  batchNo: batchNoSchema.optional(),
  class: esimClassSchema.optional(),
  status: esimRecordStatusSchema.optional(),
  i18n: i18nField,
};
export const resellerEsimListRequest = pageSchema.extend(listFilter);
export const resellerEsimListResponse = z.object({ items: z.array(resellerEsimSchema), total: z.number().int(), page: z.number().int(), size: z.number().int() });

/** By ICCID, activation code or EID, among the caller's own eSIMs only. */
export const resellerEsimSearchRequest = z.object({ query: z.string().trim().min(1, 'validation.required').max(64, 'validation.too_long'), i18n: i18nField });
export const resellerEsimSearchResponse = z.object({ by: z.enum(['eid', 'iccid', 'activation_code']), items: z.array(resellerEsimSchema) });

export const resellerEsimExportRequest = exportRequest.extend(listFilter);

export const generateBatchesRequest = pageSchema.extend({ batchNo: batchNoSchema.optional(), i18n: i18nField });
export const generateBatchesResponse = z.object({ items: z.array(generateBatchSchema), total: z.number().int() });
