import { z } from 'zod';
import { isEmail, isHostname } from './email.ts';
import { isPhone } from './phones.ts';

/**
 * SPEC §5 validation rules (DESIGN §4): one pure function per rule, plus zod schemas built from
 * them so the web forms and the server check exactly the same thing. Schema messages are i18n
 * keys (`validation.<rule>`); their texts are in `validationTexts`.
 */

// ---------------------------------------------------------------------------------------------
// Account fields

// Phone numbers follow each country's numbering plan (phones.ts, libphonenumber-js).
export { isPhone };

// The e-mail and host name checks have no dependency, so a page checking an address does not load
// zod and the phone numbering plans with them.
export { isEmail } from './email.ts';

export function isVerificationCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** 6 to 18 characters (counted as code points), no whitespace. */
export function isPassword(value: string): boolean {
  return /^\S{6,18}$/u.test(value);
}

export type NewPasswordProblem = 'invalid' | 'same_as_old' | 'mismatch';

export interface NewPasswordInput {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Why a password change cannot go ahead, or null when it can (SPEC §5). */
export function checkNewPassword({ oldPassword, newPassword, confirmPassword }: NewPasswordInput): NewPasswordProblem | null {
  if (!isPassword(newPassword)) return 'invalid';
  if (newPassword === oldPassword) return 'same_as_old';
  if (newPassword !== confirmPassword) return 'mismatch';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Device and card identifiers

/** Luhn (mod 10) check over a string of digits, check digit included. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 15 digits whose last digit is the Luhn check digit. */
export function isImei(value: string): boolean {
  return /^\d{15}$/.test(value) && luhnValid(value);
}

export function isSerialNumber(value: string): boolean {
  return /^[A-Za-z0-9]{10,12}$/.test(value);
}

/** SPEC §5 "IMEI: 15 digits, or a serial number of 10 to 12 characters". */
export function isImeiOrSerial(value: string): boolean {
  return isImei(value) || isSerialNumber(value);
}

/** ECode: "12 digits starting with JT" means JT + 10 digits (DESIGN §4). */
export function isEcode(value: string): boolean {
  return /^JT\d{10}$/.test(value);
}

/** The customise page's looser ECode rule: 12 digits. */
export function isEcodeDigits12(value: string): boolean {
  return /^\d{12}$/.test(value);
}

/** QPE customise takes any 15 digits (no Luhn check in the spec). */
export function isQpeImei(value: string): boolean {
  return /^\d{15}$/.test(value);
}

/** EID: 32 digits whose value mod 97 is 1 (GSMA SGP.29, the ISO 7064 check of IBANs). */
export function isEid(value: string): boolean {
  return /^\d{32}$/.test(value) && BigInt(value) % 97n === 1n;
}

export interface IccidCheck {
  ok: boolean;
  /** The Luhn digit fails: supplier files sometimes omit it, so this warns rather than refuses. */
  luhnWarning: boolean;
}

type IccidProblem = 'not_digits' | 'iccid_prefix' | 'iccid_length';

function iccidProblem(value: string): IccidProblem | null {
  if (!/^\d+$/.test(value)) return 'not_digits';
  if (!value.startsWith('89')) return 'iccid_prefix';
  if (value.length < 18 || value.length > 22) return 'iccid_length';
  return null;
}

/** ICCID: starts with 89 (telecom), 18–22 digits. */
export function checkIccid(value: string): IccidCheck {
  const ok = iccidProblem(value) === null;
  return { ok, luhnWarning: ok && !luhnValid(value) };
}

export type EidOrIccidProblem = 'required' | 'not_alphanumeric' | 'not_digits' | 'eid_checksum' | 'iccid_prefix' | 'iccid_length';

export type EidOrIccidCheck =
  | { ok: true; kind: 'eid' | 'iccid'; luhnWarning: boolean }
  | { ok: false; expected: 'eid_or_iccid'; reason: EidOrIccidProblem };

/**
 * The spec's "EID or ICCID" field (DESIGN §4): a real EID or a real ICCID. On failure the
 * reason says which of the two the value was taken for, so the message can be specific.
 */
export function checkEidOrIccid(value: string): EidOrIccidCheck {
  const fail = (reason: EidOrIccidProblem): EidOrIccidCheck => ({ ok: false, expected: 'eid_or_iccid', reason });
  if (value.length === 0) return fail('required');
  if (!/^[A-Za-z0-9]+$/.test(value)) return fail('not_alphanumeric');
  if (/^\d{32}$/.test(value)) return isEid(value) ? { ok: true, kind: 'eid', luhnWarning: false } : fail('eid_checksum');
  const problem = iccidProblem(value);
  if (problem !== null) return fail(problem);
  return { ok: true, kind: 'iccid', luhnWarning: !luhnValid(value) };
}

/**
 * What an eSIM search looks for (SPEC §2 eSIM search, Manage eSIM search): a real EID, else a
 * real ICCID, else an activation code.
 */
export function esimQueryKind(query: string): 'eid' | 'iccid' | 'activation_code' {
  const check = checkEidOrIccid(query);
  return check.ok ? check.kind : 'activation_code';
}

// ---------------------------------------------------------------------------------------------
// Network and provisioning fields

/** MCC or MNC: 3 digits each, as the spec states. */
export function isMccOrMnc(value: string): boolean {
  return /^\d{3}$/.test(value);
}

/** The MCC/MNC fields are optional: empty means "not given". */
export function isOptionalMccOrMnc(value: string | null | undefined): boolean {
  return value == null || value === '' || isMccOrMnc(value);
}

/** DP+ (SM-DP+) address: a bare hostname — no scheme, port or path. */
export function isDomain(value: string): boolean {
  return isHostname(value);
}

export function isActivationCode(value: string): boolean {
  return /^[A-Za-z0-9-]{1,255}$/.test(value);
}

/** The white-list page is stricter: uppercase letters and digits only. */
export function isWhitelistActivationCode(value: string): boolean {
  return /^[A-Z0-9]{1,255}$/.test(value);
}

// ---------------------------------------------------------------------------------------------
// Forms

/** Content edit: non-empty after trimming and different from what was there (SPEC §5). */
export function isNonEmptyChanged(newValue: string | null | undefined, oldValue: string | null | undefined): boolean {
  const next = (newValue ?? '').trim();
  return next !== '' && next !== (oldValue ?? '').trim();
}

export function isQuantityWithin(quantity: number, min: number, max: number): boolean {
  return Number.isInteger(quantity) && quantity >= min && quantity <= max;
}

// ---------------------------------------------------------------------------------------------
// zod schemas. User-typed identifiers are trimmed first (pasted values often carry spaces);
// passwords are not, since spaces there are the user's mistake to see.

const trimmed = () => z.string().trim();

export const phoneSchema = trimmed().refine(isPhone, 'validation.phone');
export const emailSchema = trimmed().refine(isEmail, 'validation.email');
export const verificationCodeSchema = trimmed().refine(isVerificationCode, 'validation.verification_code');
export const passwordSchema = z.string().refine(isPassword, 'validation.password');

/** A sign-in account: a China mobile number (11 digits, 1[3-9]…) or an email address. */
export function accountKind(value: string): 'tel' | 'email' | null {
  return isPhone(value) ? 'tel' : isEmail(value) ? 'email' : null;
}
export const accountSchema = trimmed().refine((v) => accountKind(v) !== null, 'validation.account');

const NEW_PASSWORD_PROBLEMS: Readonly<Record<NewPasswordProblem, { key: string; field: keyof NewPasswordInput }>> = {
  invalid: { key: 'validation.password', field: 'newPassword' },
  same_as_old: { key: 'validation.password_same_as_old', field: 'newPassword' },
  mismatch: { key: 'validation.password_mismatch', field: 'confirmPassword' },
};

/** The change-password form; the issue is reported on the field to fix. */
export const newPasswordSchema = z
  .object({ oldPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((value, ctx) => {
    const problem = checkNewPassword(value);
    if (problem === null) return;
    const { key, field } = NEW_PASSWORD_PROBLEMS[problem];
    ctx.addIssue({ code: 'custom', message: key, path: [field] });
  });

export const imeiSchema = trimmed().refine(isImei, 'validation.imei');
export const imeiOrSerialSchema = trimmed().refine(isImeiOrSerial, 'validation.imei_or_serial');
export const qpeImeiSchema = trimmed().refine(isQpeImei, 'validation.qpe_imei');
export const ecodeSchema = trimmed().refine(isEcode, 'validation.ecode');
export const ecodeDigits12Schema = trimmed().refine(isEcodeDigits12, 'validation.ecode_digits12');

// Format and checksum are separate refinements that never both fire, so the message names the fault.
export const eidSchema = trimmed()
  .refine((v) => /^\d{32}$/.test(v), 'validation.eid')
  .refine((v) => !/^\d{32}$/.test(v) || isEid(v), 'validation.eid_checksum');

export const iccidSchema = trimmed().superRefine((value, ctx) => {
  const problem = iccidProblem(value);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem === 'not_digits' ? 'validation.iccid' : `validation.${problem}` });
});

const EID_OR_ICCID_MESSAGES: Readonly<Record<EidOrIccidProblem, string>> = {
  required: 'validation.eid_or_iccid',
  not_alphanumeric: 'validation.eid_or_iccid',
  not_digits: 'validation.eid_or_iccid',
  eid_checksum: 'validation.eid_checksum',
  iccid_prefix: 'validation.iccid_prefix',
  iccid_length: 'validation.iccid_length',
};

/** The i18n key explaining why a value is neither an EID nor an ICCID. */
export function eidOrIccidMessageKey(reason: EidOrIccidProblem): string {
  return EID_OR_ICCID_MESSAGES[reason];
}

export const eidOrIccidSchema = trimmed().superRefine((value, ctx) => {
  const result = checkEidOrIccid(value);
  if (!result.ok) ctx.addIssue({ code: 'custom', message: eidOrIccidMessageKey(result.reason) });
});

export const mccMncSchema = trimmed().refine(isOptionalMccOrMnc, 'validation.mcc_mnc').optional();
/** A SIM card's PUK (printed on the card's holder): 8 digits. */
export const pukSchema = trimmed().refine((v) => /^\d{8}$/.test(v), 'validation.puk');
export const dpAddressSchema = trimmed().refine(isDomain, 'validation.dp_address');
export const activationCodeSchema = trimmed().refine(isActivationCode, 'validation.activation_code');
export const whitelistActivationCodeSchema = trimmed().refine(isWhitelistActivationCode, 'validation.whitelist_activation_code');
