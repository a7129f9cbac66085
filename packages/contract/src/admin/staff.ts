import { z } from 'zod';
import { adminId, adminListRequest, adminListResponse, searchText } from './common.ts';
import { permissionSchema, staffRoleSchema } from './permissions.ts';

/** Staff sign-in and the staff list (DESIGN §8): separate from shop customers. */
export const staffEmail = z.string().trim().toLowerCase().email().max(120);
export const staffPassword = z.string().min(8).max(128);
export const totpCode = z.string().regex(/^\d{6}$/);

/** Password and TOTP code in one step: a wrong code and a wrong password get the same answer. */
export const staffLoginRequest = z.object({ account: staffEmail, password: z.string().min(1).max(128), totp: totpCode.optional() }).strict();
/**
 * `mustChangePassword`: the member signed in with a one-time password and can do nothing but
 * change it (other admin actions answer `staffPasswordChangeRequired`).
 */
export const staffLoginResponse = z.object({ token: z.string(), mustChangePassword: z.boolean() });

export const staffStatusSchema = z.enum(['active', 'disabled']);
export type StaffStatus = z.infer<typeof staffStatusSchema>;

export const staffSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  status: staffStatusSchema,
  totpEnabled: z.boolean(),
  lastSignInAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  /** The merchant this member works for; null: platform staff, who see every merchant. */
  merchantId: z.number().int().nullable(),
});
export type Staff = z.infer<typeof staffSchema>;

export const staffMeResponse = staffSchema.extend({ permissions: z.array(permissionSchema), mustChangePassword: z.boolean() });
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

/** `totp`: a current code, required when the member has TOTP on. */
export const staffChangePasswordRequest = z.object({ oldPassword: z.string().min(1).max(128), newPassword: staffPassword, totp: totpCode.optional() }).strict();

/** TOTP enrolment: a secret and otpauth URL to scan, confirmed by a first code. */
export const totpSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpConfirmRequest = z.object({ code: totpCode }).strict();
/** Switching the second factor off takes the password and a current code from it. */
export const totpDisableRequest = z.object({ password: z.string().min(1).max(128), code: totpCode }).strict();

/** One of the signed-in member's assistant approvals (its grant id). */
export const staffAssistantRevokeRequest = z.object({ id: z.string().min(1).max(200) }).strict();
