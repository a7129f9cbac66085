import { z } from 'zod';
import { deviceCarrierSchema } from '../devices.ts';
import { activationStatusSchema, currencySchema, esimRecordStatusSchema, orderStatusSchema, roleSchema } from '../enums.ts';
import { auditListResponse } from './audit.ts';
import { adminId, adminListRequest, adminListResponse, searchText } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';

/**
 * Customers and resellers as staff see them (console "Customers"): find an account, read its
 * orders, eSIMs, devices, balances with their ledger and the audit rows about it; change its
 * status, role or the right to create a reseller account; credit or lock a balance (finance).
 */
export const CUSTOMER_STATUSES = ['active', 'blacklisted', 'rejected', 'invalid', 'frozen'] as const;
export const customerStatusSchema = z.enum(CUSTOMER_STATUSES);
export type CustomerStatus = z.infer<typeof customerStatusSchema>;

export const customerSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  tel: z.string().nullable(),
  nickname: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  role: roleSchema,
  status: customerStatusSchema,
  /** May turn the account into a reseller account (SPEC §6 "create reseller"). */
  canCreateReseller: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerListRequest = adminListRequest(['createdAt', 'email', 'nickname'] as const, {
  /** Email, phone number, name or nickname. */
  q: searchText,
  role: roleSchema.optional(),
  /** true: every reseller kind (2, 3, 6); false: regular customers only. */
  reseller: z.boolean().optional(),
  status: customerStatusSchema.optional(),
});
export const customerListResponse = adminListResponse(customerSchema);

export const customerRefRequest = z.object({ id: adminId }).strict();

export const adminBalanceSchema = z.object({
  currency: currencySchema,
  amount: z.number().int(),
  locked: z.boolean(),
  /** Why the balance was last locked (null when it never was or is unlocked). */
  lockReason: z.string().nullable(),
  updatedAt: z.number().int(),
});
export type AdminBalance = z.infer<typeof adminBalanceSchema>;

export const customerDetailResponse = z.object({
  customer: customerSchema,
  balances: z.array(adminBalanceSchema),
  counts: z.object({ orders: z.number().int(), esims: z.number().int(), devices: z.number().int() }),
});
export type CustomerDetail = z.infer<typeof customerDetailResponse>;

/** One of the customer's lists, newest first, by page. */
const customerPageRequest = adminListRequest(['createdAt'] as const, { id: adminId });

/** A name in both languages: the console shows the one of its own language. */
export const bilingualNameSchema = z.object({ en: z.string(), zh: z.string() });

export const customerOrderSchema = z.object({
  orderNo: z.string(),
  status: orderStatusSchema,
  currency: z.string(),
  total: z.number().int(),
  itemCount: z.number().int(),
  /** The first line's product; `more` lines follow it. */
  firstItem: bilingualNameSchema.nullable(),
  more: z.number().int(),
  payMethod: z.string().nullable(),
  createdAt: z.number().int(),
  paidAt: z.number().int().nullable(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;
export const customerOrdersResponse = adminListResponse(customerOrderSchema);

export const customerEsimSchema = z.object({
  id: z.number().int(),
  name: bilingualNameSchema,
  orderNo: z.string().nullable(),
  iccid: z.string().nullable(),
  eid: z.string().nullable(),
  status: esimRecordStatusSchema,
  activationStatus: activationStatusSchema,
  assignedAt: z.number().int().nullable(),
});
export type CustomerEsim = z.infer<typeof customerEsimSchema>;
export const customerEsimsResponse = adminListResponse(customerEsimSchema);

export const customerDeviceSchema = z.object({
  id: z.number().int(),
  iccid: z.string(),
  msisdn: z.string().nullable(),
  carrier: deviceCarrierSchema,
  remark: z.string(),
  boundAt: z.number().int(),
});
export type CustomerDevice = z.infer<typeof customerDeviceSchema>;
export const customerDevicesResponse = adminListResponse(customerDeviceSchema);

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  currency: currencySchema,
  /** Signed minor units: a credit is positive, a debit negative. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.string(),
  orderNo: z.string().nullable(),
  createdAt: z.number().int(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const customerLedgerRequest = adminListRequest(['createdAt'] as const, { id: adminId, currency: currencySchema.optional() });
export const customerLedgerResponse = adminListResponse(ledgerEntrySchema);

/** At least one of status, role and canCreateReseller. */
export const customerUpdateRequest = z
  .object({ id: adminId, status: customerStatusSchema.optional(), role: roleSchema.optional(), canCreateReseller: z.boolean().optional() })
  .strict()
  .superRefine((v, ctx) => {
    if (v.status === undefined && v.role === undefined && v.canCreateReseller === undefined) ctx.addIssue({ code: 'custom', path: ['status'], message: 'validation.required' });
  });

/** Why staff moved money or locked a balance: kept on the ledger row and in the audit log. */
export const balanceReasonSchema = z.string().trim().min(1, 'validation.required').max(200, 'validation.too_long');
/** Minor units: 0.01 to 100 000.00 per credit. */
export const BALANCE_CREDIT_MAX = 10_000_000;

export const balanceCreditRequest = z
  .object({
    id: adminId,
    currency: currencySchema,
    amount: z.number().int('validation.invalid').min(1, 'validation.invalid').max(BALANCE_CREDIT_MAX, 'validation.invalid'),
    reason: balanceReasonSchema,
  })
  .strict();
export const balanceCreditResponse = z.object({ balance: adminBalanceSchema, entry: ledgerEntrySchema });

export const balanceLockRequest = z.object({ id: adminId, currency: currencySchema, locked: z.boolean(), reason: balanceReasonSchema }).strict();

export const adminCustomerEndpoint = adminEndpoint('customer', 'customers and resellers', {
  list: defineAdminAction({ permission: 'customers.read', write: false, summary: 'Customers and resellers by email, phone or name, role and status', request: customerListRequest, response: customerListResponse }),
  detail: defineAdminAction({ permission: 'customers.read', write: false, summary: 'One customer: profile, balances and how many orders, eSIMs and devices', request: customerRefRequest, response: customerDetailResponse }),
  orders: defineAdminAction({ permission: 'customers.read', write: false, summary: "The customer's orders, deleted ones included, newest first", request: customerPageRequest, response: customerOrdersResponse }),
  esims: defineAdminAction({ permission: 'customers.read', write: false, summary: "The customer's eSIMs, newest first", request: customerPageRequest, response: customerEsimsResponse }),
  devices: defineAdminAction({ permission: 'customers.read', write: false, summary: "The SIM cards the customer follows as devices", request: customerPageRequest, response: customerDevicesResponse }),
  ledger: defineAdminAction({ permission: 'customers.read', write: false, summary: "The customer's balance ledger, newest first, by currency", request: customerLedgerRequest, response: customerLedgerResponse }),
  audit: defineAdminAction({ permission: 'customers.read', write: false, summary: 'What staff changed about this customer, newest first', request: customerPageRequest, response: auditListResponse }),
  update: defineAdminAction({ permission: 'customers.write', write: true, summary: 'Sets status, role or the right to create a reseller account (a new role or a status other than active ends the sessions)', request: customerUpdateRequest, response: customerSchema }),
  credit: defineAdminAction({ permission: 'balances.write', write: true, summary: 'Credits a balance with a reason: a ledger row and an audit row in one transaction', request: balanceCreditRequest, response: balanceCreditResponse }),
  lock: defineAdminAction({ permission: 'balances.write', write: true, summary: 'Locks or unlocks a balance with a reason (a locked balance pays nothing)', request: balanceLockRequest, response: adminBalanceSchema }),
});
