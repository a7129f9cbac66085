import { z } from 'zod';
import { totalSchema } from './envelope.ts';
import { userInfoSchema } from './users.ts';
import { accountSchema, emailSchema, isNonEmptyChanged, newPasswordSchema, passwordSchema, phoneSchema, verificationCodeSchema } from './validation.ts';

/**
 * Accounts and sessions (SPEC §4 Session, §6): sign-up and sign-in by password or by a
 * one-time code, a proof of work before a code is sent, profile, password, bound tel and email,
 * reseller accounts. Regular and reseller calls share these shapes on separate paths.
 */

/** What a code is sent for; a code only works for the purpose it was sent for. */
/** `reset`: forgot password, sent only to an address that has an account, like `login`. */
export const CODE_PURPOSES = ['register', 'login', 'bind', 'unbind', 'reset'] as const;
export const codePurposeSchema = z.enum(CODE_PURPOSES);
export type CodePurpose = z.infer<typeof codePurposeSchema>;

/** SPEC constants that the spec leaves open, decided here (docs/decisions.md). */
export const ACCOUNT_LIMITS = {
  challengeTtlMs: 5 * 60_000,
  codeTtlMs: 10 * 60_000,
  codeMaxAttempts: 5,
  codeResendSeconds: 60,
  nicknameMax: 32,
  nameMax: 64,
  avatarMaxBytes: 2 * 1024 * 1024,
} as const;

/*
 * seed.do image_code: a proof-of-work challenge that must be solved before a code is sent (a script
 * could read the old picture every time). The browser looks for a counter whose
 * SHA-256(powMessage(nonce, counter)) starts with `difficulty` zero bits — about a second on a phone —
 * and the server checks it with one hash. Each challenge is for one purpose and one use; the
 * per-address and per-account limits stay the real guard (docs/decisions.md).
 */
export const powChallengeRequest = z.object({ purpose: codePurposeSchema });
export const powChallengeResponse = z.object({
  seedId: z.string(),
  /** Random hex the work is bound to. */
  nonce: z.string(),
  /** Leading zero bits the hash must have. */
  difficulty: z.number().int().min(1).max(32),
  expiresAt: z.number().int(),
});
export type PowChallenge = z.infer<typeof powChallengeResponse>;
/** The counter found, in decimal (what a browser can reach is far below 2^53). */
export const powSolutionSchema = z.string().trim().regex(/^(0|[1-9]\d{0,15})$/);

// The arithmetic both sides share lives apart from the schemas, so the browser's worker loads no zod.
export { leadingZeroBits, powDigest, powMessage } from './proof-of-work.ts';

// code/send.do send
export const sendCodeRequest = z.object({
  account: accountSchema,
  purpose: codePurposeSchema,
  seedId: z.string().min(1).max(64),
  solution: powSolutionSchema,
});
export const sendCodeResponse = z.object({ channel: z.enum(['sms', 'email']), resendAfterSeconds: z.number().int(), expiresAt: z.number().int() });

/** The login response of SPEC §7: token, user info (with role) and counters. */
export const loginResponse = z.object({ token: z.string(), data: userInfoSchema, total: totalSchema, reseller: z.boolean() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const loginPasswordRequest = z.object({ account: accountSchema, password: z.string().min(1).max(128) });
export const loginCodeRequest = z.object({ account: accountSchema, code: verificationCodeSchema });
/** Reseller sign-in carries the foreign-reseller flag (SPEC §6, third login argument). */
export const resellerLoginPasswordRequest = loginPasswordRequest.extend({ foreign: z.boolean().default(false) });
export const resellerLoginCodeRequest = loginCodeRequest.extend({ foreign: z.boolean().default(false) });

export const registerRequest = z.object({
  account: accountSchema,
  code: verificationCodeSchema,
  password: passwordSchema,
  nickname: z.string().trim().max(ACCOUNT_LIMITS.nicknameMax, 'validation.nickname').optional(),
});

export const okResponse = z.object({ ok: z.literal(true) });

/** Forgot password: a `reset` code sent to the account's phone or email sets a new password; every session ends. */
export const resetPasswordRequest = z.object({ account: accountSchema, code: verificationCodeSchema, password: passwordSchema });

// user.do
export const updateProfileRequest = z
  .object({
    nickname: z.string().trim().min(1, 'validation.nickname').max(ACCOUNT_LIMITS.nicknameMax, 'validation.nickname').optional(),
    name: z.string().trim().max(ACCOUNT_LIMITS.nameMax).optional(),
    /** An id returned by upload.do. */
    avatarFileId: z.uuid().optional(),
  })
  .refine((v) => v.nickname !== undefined || v.name !== undefined || v.avatarFileId !== undefined, { message: 'validation.content_unchanged' });

export const modifyPasswordRequest = newPasswordSchema;
export const bindTelRequest = z.object({ tel: phoneSchema, code: verificationCodeSchema });
export const bindEmailRequest = z.object({ email: emailSchema, code: verificationCodeSchema });
/** Unbinding proves control of the bound value with a code sent to it. */
export const unbindRequest = z.object({ code: verificationCodeSchema });

export const createResellerResponse = z.object({ role: z.number().int(), reloginRequired: z.literal(true) });

// upload.do avatar (multipart; the body is not signed)
export const uploadResponse = z.object({ fileId: z.string(), url: z.string() });

/** True when an edited text field really changed (SPEC §5 content edit). */
export const profileChanged = (next: string | undefined, current: string) => next !== undefined && isNonEmptyChanged(next, current);
