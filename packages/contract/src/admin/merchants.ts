import { z } from 'zod';
import { merchantStatusSchema } from '../merchants.ts';
import { safeImageStringSchema } from '../safe-url.ts';
import { adminId, adminListRequest, adminListResponse, adminMerchantRefSchema, searchText } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';

/**
 * Console: merchants. Platform staff only (the scope table says so): the owner
 * approves applications, suspends and reactivates merchants, edits their profile and sets the
 * commission. Status changes go through `MERCHANT_TRANSITIONS`; every write is audited and an
 * edit based on an older version is refused. Commission is in basis points (825 = 8.25 %); its
 * range is checked by the server so the refusal carries the catalogue's own reason.
 */
const both = (max: number) => z.object({ en: z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long'), zh: z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long') });
const optionalBoth = (max: number) => z.object({ en: z.string().trim().max(max, 'validation.too_long'), zh: z.string().trim().max(max, 'validation.too_long') });
const version = z.number().int().positive().max(2_147_483_647);
export const commissionBpsField = z.number().int().min(-1_000_000).max(1_000_000);

const profileFields = {
  name: both(60),
  /** An image string (`folder:file`) or a /media/… address; null: none. */
  logo: safeImageStringSchema(300).nullable().default(null),
  description: optionalBoth(1000),
  contactEmail: z.union([z.literal(''), z.string().trim().toLowerCase().email('validation.invalid').max(120)]),
  contactPhone: z.union([z.literal(''), z.string().trim().regex(/^\+?[0-9 ()-]{5,24}$/, 'validation.invalid')]),
  returnAddress: z.string().trim().max(300, 'validation.too_long'),
};

export const adminMerchantSchema = z.object({
  id: z.number().int(),
  name: z.object({ en: z.string(), zh: z.string() }),
  logo: z.string().nullable(),
  description: z.object({ en: z.string(), zh: z.string() }),
  contactEmail: z.string(),
  contactPhone: z.string(),
  returnAddress: z.string(),
  status: merchantStatusSchema,
  commissionBps: z.number().int(),
  /** The shop account that applied (email or phone), null when created in the console. */
  applicant: z.object({ userId: z.number().int(), account: z.string() }).nullable(),
  productCount: z.number().int(),
  staffCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AdminMerchant = z.infer<typeof adminMerchantSchema>;

export const adminMerchantListRequest = adminListRequest(['createdAt', 'name'] as const, { q: searchText, status: merchantStatusSchema.optional() });
export const adminMerchantListResponse = adminListResponse(adminMerchantSchema);
export const adminMerchantRefRequest = z.object({ id: adminId }).strict();
export const adminMerchantCreateRequest = z.object({ ...profileFields, commissionBps: commissionBpsField }).strict();
export const adminMerchantUpdateRequest = z.object({ id: adminId, version, ...profileFields }).strict();
export type AdminMerchantProfile = Omit<z.output<typeof adminMerchantUpdateRequest>, 'id' | 'version'>;
export const adminMerchantStepRequest = z.object({ id: adminId, version }).strict();
export const adminMerchantCommissionRequest = z.object({ id: adminId, version, commissionBps: commissionBpsField }).strict();
/** Every merchant, for pickers and filters (the product list's merchant filter, staff create). */
export const adminMerchantChoicesResponse = z.object({ items: z.array(adminMerchantRefSchema.extend({ status: merchantStatusSchema })) });

export const adminMerchantEndpoint = adminEndpoint('merchant', 'merchants', {
  list: defineAdminAction({ permission: 'merchants.manage', write: false, summary: 'Merchants by status or name, with counts', request: adminMerchantListRequest, response: adminMerchantListResponse }),
  detail: defineAdminAction({ permission: 'merchants.manage', write: false, summary: 'One merchant in both languages', request: adminMerchantRefRequest, response: adminMerchantSchema }),
  choices: defineAdminAction({ permission: 'catalogue.read', write: false, summary: 'Every merchant by id and name, for pickers and filters', request: z.object({}).strict(), response: adminMerchantChoicesResponse }),
  create: defineAdminAction({ permission: 'merchants.manage', write: true, summary: 'Adds an active merchant', request: adminMerchantCreateRequest, response: adminMerchantSchema }),
  update: defineAdminAction({ permission: 'merchants.manage', write: true, summary: "Edits a merchant's profile (refused when someone changed it meanwhile)", request: adminMerchantUpdateRequest, response: adminMerchantSchema }),
  approve: defineAdminAction({ permission: 'merchants.manage', write: true, summary: 'Approves an application: the merchant becomes active', request: adminMerchantStepRequest, response: adminMerchantSchema }),
  suspend: defineAdminAction({ permission: 'merchants.manage', write: true, summary: "Suspends an active merchant: its products leave the shop", request: adminMerchantStepRequest, response: adminMerchantSchema }),
  reactivate: defineAdminAction({ permission: 'merchants.manage', write: true, summary: 'Reactivates a suspended merchant', request: adminMerchantStepRequest, response: adminMerchantSchema }),
  set_commission: defineAdminAction({ permission: 'merchants.manage', write: true, summary: 'Sets the commission, in basis points (0–10000)', request: adminMerchantCommissionRequest, response: adminMerchantSchema }),
});
