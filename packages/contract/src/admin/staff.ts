import { z } from 'zod';
import { adminId, adminListRequest, adminListResponse, searchText } from './common.ts';
import { permissionSchema, staffRoleSchema } from './permissions.ts';

/** Staff sign-in and the staff list (DESIGN §8): separate from shop customers. */
export const staffEmail = z.string().trim().toLowerCase().email().max(120);
export const staffPassword = z.string().min(8).max(128);
export const totpCode = z.string().regex(/^\d{6}$/);

export const staffLoginRequest = z.object({ account: staffEmail, password: z.string().min(1).max(128), totp: totpCode.optional() }).strict();
export const staffLoginResponse = z.object({ token: z.string() });

export const staffStatusSchema = z.enum(['active', 'disabled']);

export const staffSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  status: staffStatusSchema,
  totpEnabled: z.boolean(),
  lastSignInAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  /** Issue 15: the merchant this member works for; null: platform staff, who see every merchant. */
  merchantId: z.number().int().nullable(),
});
export type Staff = z.infer<typeof staffSchema>;

export const staffMeResponse = staffSchema.extend({ permissions: z.array(permissionSchema) });
export type StaffMe = z.infer<typeof staffMeResponse>;

export const staffListRequest = adminListRequest(['createdAt', 'email'] as const, { q: searchText, role: staffRoleSchema.optional(), status: staffStatusSchema.optional() });
export const staffListResponse = adminListResponse(staffSchema);

export const staffCreateRequest = z.object({ email: staffEmail, name: z.string().trim().min(1).max(60), role: staffRoleSchema, merchantId: adminId.nullable().optional() }).strict();
/** The one-time password is shown once; the new member changes it at first sign-in. */
export const staffCreateResponse = z.object({ staff: staffSchema, password: z.string() });

export const staffUpdateRequest = z
  .object({ id: adminId, name: z.string().trim().min(1).max(60).optional(), role: staffRoleSchema.optional(), status: staffStatusSchema.optional() })
  .strict();
export const staffRefRequest = z.object({ id: adminId }).strict();

export const staffChangePasswordRequest = z.object({ oldPassword: z.string().min(1).max(128), newPassword: staffPassword }).strict();

/** TOTP enrolment: a secret and otpauth URL to scan, confirmed by a first code. */
export const totpSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpConfirmRequest = z.object({ code: totpCode }).strict();
export const totpDisableRequest = z.object({ password: z.string().min(1).max(128) }).strict();
