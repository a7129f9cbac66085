import { z } from 'zod';
import { roleSchema } from '../enums.ts';
import { resellerApplicationSchema, resellerApplicationStatusSchema } from '../reseller-applications.ts';
import { adminId, adminListRequest, adminListResponse, searchText } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';

/**
 * Console: applications to become a reseller, decided by staff who manage customers. Approving
 * makes the account a reseller account (its sessions end, as for any role change) in the same
 * transaction as the decision and its audit row; rejecting keeps the reason the customer reads.
 * A decision applies only to the version the staff member read.
 */
const version = z.number().int().positive().max(2_147_483_647);

export const adminResellerApplicationSchema = resellerApplicationSchema.extend({
  /** The applicant's account: email or phone number, and its role now. */
  applicant: z.object({ userId: z.number().int(), account: z.string(), role: roleSchema }),
  /** The staff member who decided, by email; null while pending. */
  decidedBy: z.string().nullable(),
  version: z.number().int(),
});
export type AdminResellerApplication = z.infer<typeof adminResellerApplicationSchema>;

export const adminResellerApplicationListRequest = adminListRequest(['createdAt'] as const, {
  /** Business, contact name, email or phone. */
  q: searchText,
  status: resellerApplicationStatusSchema.optional(),
});
export const adminResellerApplicationListResponse = adminListResponse(adminResellerApplicationSchema);
export const adminResellerApplicationRefRequest = z.object({ id: adminId }).strict();
export const adminResellerApplicationApproveRequest = z.object({ id: adminId, version }).strict();
export const adminResellerApplicationRejectRequest = z
  .object({ id: adminId, version, reason: z.string().trim().min(1, 'validation.required').max(500, 'validation.too_long') })
  .strict();

export const adminResellerApplicationEndpoint = adminEndpoint('reseller-application', 'applications to become a reseller', {
  list: defineAdminAction({ permission: 'customers.write', write: false, summary: 'Applications by status or text, newest first', request: adminResellerApplicationListRequest, response: adminResellerApplicationListResponse }),
  detail: defineAdminAction({ permission: 'customers.write', write: false, summary: 'One application with its applicant', request: adminResellerApplicationRefRequest, response: adminResellerApplicationSchema }),
  approve: defineAdminAction({ permission: 'customers.write', write: true, summary: "Approves a pending application: the account's role becomes reseller (its sessions end) and the applicant is told", request: adminResellerApplicationApproveRequest, response: adminResellerApplicationSchema }),
  reject: defineAdminAction({ permission: 'customers.write', write: true, summary: 'Rejects a pending application with a reason the applicant reads; they may apply again', request: adminResellerApplicationRejectRequest, response: adminResellerApplicationSchema }),
});
