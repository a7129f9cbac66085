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
