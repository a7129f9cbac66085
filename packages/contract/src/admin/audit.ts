import { z } from 'zod';
import { adminListRequest, adminListResponse, auditChangeSchema, bilingualSchema, dateRange, searchText } from './common.ts';

/**
 * Who made a change or moved an order, resolved by the server so the console can say it in words:
 * a staff member by name, a customer by nickname and account, a payment provider (`stripe`,
 * `wechat`, `sandbox`, `smdp` ...), the shop's refund rule, the system, or the owner's command line.
 */
export const AUDIT_ACTOR_KINDS = ['staff', 'customer', 'provider', 'rule', 'system', 'cli'] as const;
export const auditActorSchema = z.object({
  kind: z.enum(AUDIT_ACTOR_KINDS),
  /** The staff member's or customer's name, the provider's key, the command line's user; null when unknown (a member since removed). */
  name: z.string().nullable(),
  /** The staff member's email or the customer's email or phone number. */
  account: z.string().nullable(),
  /** The staff member's or customer's id (a customer links to their page). */
  id: z.number().int().nullable(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

/** The console pages an audit row may link to (its object, or the one it belongs to: a SKU's product). */
export const AUDIT_PAGE_TYPES = ['order', 'customer', 'product', 'coupon', 'blog_post', 'article', 'store', 'reseller_application', 'staff', 'merchant', 'label', 'content', 'settings', 'job'] as const;
export const auditPageSchema = z.object({ type: z.enum(AUDIT_PAGE_TYPES), id: z.string() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** A row as the audit table keeps it: the raw change, for support and for the disclosure. */
export const auditRowSchema = z.object({
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
export type AuditRow = z.infer<typeof auditRowSchema>;

/** The append-only audit log: every write by staff, from the console or the command line, with what staff need to read it. */
export const auditEntrySchema = auditRowSchema.extend({
  by: auditActorSchema,
  target: z.object({
    /** What staff know the object by: an order's number, a product's or customer's name, a coupon's code; null when gone. */
    name: bilingualSchema.nullable(),
    /** The console page to open; null when the object has none. */
    page: auditPageSchema.nullable(),
  }),
  /** The currency the row's amounts are in (the order's, the product's, the balance's); null when it has none. */
  currency: z.string().nullable(),
  /** Names for the ids the change mentions, keyed `product:12`, `customer:5`, `merchant:2`, `order:SS…`. */
  names: z.record(z.string(), bilingualSchema),
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
  // A reseller made, rotated or revoked an API key (the account shown as `user #id`, the key in detail).
  'api_key_created',
  'api_key_rotated',
  'api_key_revoked',
  // A reseller set or removed a daily spend limit of the API (the currency and amounts in detail).
  'api_spend_limit_changed',
  // A reseller added, changed or deleted a webhook endpoint, or gave it a new secret (the endpoint and its URL in detail).
  'webhook_endpoint_created',
  'webhook_endpoint_changed',
  'webhook_endpoint_deleted',
  'webhook_secret_rotated',
  // A customer allowed an assistant (OAuth consent) or revoked it; an assistant called a tool with their token (the assistant and tool in detail).
  'assistant_approved',
  'assistant_revoked',
  'assistant_tool_called',
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
