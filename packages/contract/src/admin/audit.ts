import { z } from 'zod';
import { adminListRequest, adminListResponse, auditChangeSchema, dateRange, searchText } from './common.ts';

/** The append-only audit log: every write by staff, from the console or the command line. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  staffId: z.number().int().nullable(),
  actor: z.string(),
  ip: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: auditChangeSchema.nullable(),
  after: auditChangeSchema.nullable(),
  createdAt: z.number().int(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListRequest = adminListRequest(['createdAt'] as const, {
  actor: searchText,
  action: searchText,
  targetType: searchText,
  targetId: searchText,
  ...dateRange,
});
export const auditListResponse = adminListResponse(auditEntrySchema);

/**
 * Security events (who tried what, from where): staff sign-ins, their refusals and delays, TOTP
 * failures, refused admin actions, requests with a bad signature, and customers' requests about
 * their own data (export, account deletion). Kept apart from the audit
 * log, which holds the changes staff made.
 */
export const SECURITY_EVENT_KINDS = [
  'staff_sign_in',
  'staff_sign_in_failed',
  'staff_sign_in_delayed',
  'staff_totp_failed',
  'permission_denied',
  'merchant_scope_denied',
  'signature_invalid',
  // A customer downloaded their data, or deleted their account (the account shown as `user #id`).
  'customer_data_exported',
  'customer_account_deleted',
] as const;
export const securityEventKindSchema = z.enum(SECURITY_EVENT_KINDS);
export type SecurityEventKind = z.infer<typeof securityEventKindSchema>;

export const securityEventSchema = z.object({
  id: z.number().int(),
  kind: securityEventKindSchema,
  /** The staff member when known (signed in, or the account tried exists). */
  staffId: z.number().int().nullable(),
  /** The account tried at sign-in, or the signed-in member's email. */
  account: z.string().nullable(),
  ip: z.string().nullable(),
  /** What was refused or why, e.g. `adminStaff.create` or `mismatch`. */
  detail: z.string().nullable(),
  createdAt: z.number().int(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityEventListRequest = adminListRequest(['createdAt'] as const, {
  kind: securityEventKindSchema.optional(),
  account: searchText,
  ip: searchText,
  ...dateRange,
});
export const securityEventListResponse = adminListResponse(securityEventSchema);
