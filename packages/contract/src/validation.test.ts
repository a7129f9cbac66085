import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import {
  activationCodeSchema,
  checkEidOrIccid,
  esimQueryKind,
  checkIccid,
  dpAddressSchema,
  ecodeDigits12Schema,
  ecodeSchema,
  eidOrIccidMessageKey,
  eidOrIccidSchema,
  eidSchema,
  emailSchema,
  iccidSchema,
  imeiOrSerialSchema,
  imeiSchema,
  isActivationCode,
  isDomain,
  isEcode,
  isEcodeDigits12,
  isEid,
  isImei,
  isImeiOrSerial,
  isMccOrMnc,
  isOptionalMccOrMnc,
  isQpeImei,
  isSerialNumber,
  isWhitelistActivationCode,
  luhnValid,
  mccMncSchema,
  newPasswordSchema,
  passwordSchema,
  phoneSchema,
  qpeImeiSchema,
  verificationCodeSchema,
  whitelistActivationCodeSchema,
} from './validation.ts';
import { validationTexts } from './validation-texts.ts';

/** The messages of a failed parse (empty when it succeeds). */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

/** A valid EID: 30 chosen digits plus the two check digits 98 − (n × 100 mod 97). */
function makeEid(first30: string): string {
  const check = 98n - ((BigInt(first30) * 100n) % 97n);
  return first30 + check.toString().padStart(2, '0');
}

const VALID_IMEI = '490154203237518';
const BAD_LUHN_IMEI = '490154203237519';
const VALID_EID = makeEid('890490320000010000000123456789');
const ICCID_19 = '8910042348144559361';
const ICCID_20 = '89860112345678901237';
const ICCID_18 = '898520000000000008';
const ICCID_20_BAD_LUHN = '89860112345678901238';

describe('luhnValid', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid(VALID_IMEI)).toBe(true);
    expect(luhnValid(BAD_LUHN_IMEI)).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('0')).toBe(true);
  });
  it('rejects non-digits and empty input', () => {
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4901 5420 3237 518')).toBe(false);
    expect(luhnValid('49015420323751a')).toBe(false);
  });
});

describe('IMEI and serial number', () => {
  it('isImei needs 15 digits and a valid Luhn digit', () => {
    expect(isImei(VALID_IMEI)).toBe(true);
    expect(isImei('353918057812345')).toBe(true);
    for (const v of [BAD_LUHN_IMEI, '49015420323751', '4901542032375180', '49015420323751X', '']) expect(isImei(v), v).toBe(false);
  });
  it('isSerialNumber takes 10 to 12 letters and digits', () => {
    for (const v of ['F2LXK0ABCD', 'C02ABC123XYZ', 'dmpq12345678']) expect(isSerialNumber(v), v).toBe(true);
    for (const v of ['F2LXK0ABC', 'C02ABC123XYZ1', 'F2LX-0ABCD1', '']) expect(isSerialNumber(v), v).toBe(false);
  });
  it('isImeiOrSerial accepts either', () => {
    expect(isImeiOrSerial(VALID_IMEI)).toBe(true);
    expect(isImeiOrSerial('F2LXK0ABCD')).toBe(true);
    // 15 digits with a bad check digit is neither an IMEI nor a (≤12 character) serial.
    expect(isImeiOrSerial(BAD_LUHN_IMEI)).toBe(false);
    expect(isImeiOrSerial('short')).toBe(false);
  });
  it('isQpeImei takes any 15 digits', () => {
    expect(isQpeImei(BAD_LUHN_IMEI)).toBe(true);
    for (const v of ['49015420323751', '4901542032375189', '49015420323751a']) expect(isQpeImei(v), v).toBe(false);
  });
});

describe('ECode', () => {
  it('isEcode is JT and 10 digits, uppercase', () => {
    expect(isEcode('JT0123456789')).toBe(true);
    for (const v of ['jt0123456789', 'Jt0123456789', 'JT012345678', 'JT01234567890', '012345678912', 'JT01234567a9', 'XJ0123456789']) {
      expect(isEcode(v), v).toBe(false);
    }
  });
  it('isEcodeDigits12 is 12 digits', () => {
    expect(isEcodeDigits12('012345678912')).toBe(true);
    for (const v of ['01234567891', '0123456789123', 'JT0123456789']) expect(isEcodeDigits12(v), v).toBe(false);
  });
});

describe('isEid', () => {
  it('accepts 32 digits whose value mod 97 is 1', () => {
    expect(VALID_EID).toHaveLength(32);
    expect(isEid(VALID_EID)).toBe(true);
    expect(isEid(makeEid('000000000000000000000000000001'))).toBe(true);
  });
  it('rejects a wrong checksum', () => {
    expect(isEid('89049032000001000000012345678901')).toBe(false); // mod 97 is 45
    const lastChanged = VALID_EID.slice(0, 31) + String((Number(VALID_EID[31]) + 1) % 10);
    expect(isEid(lastChanged)).toBe(false);
    const swapped = VALID_EID.slice(0, 10) + VALID_EID[11] + VALID_EID[10] + VALID_EID.slice(12);
    if (swapped !== VALID_EID) expect(isEid(swapped)).toBe(false);
  });
  it('rejects the wrong length or characters', () => {
    expect(isEid(VALID_EID.slice(1))).toBe(false);
    expect(isEid(`${VALID_EID}0`)).toBe(false);
    expect(isEid(`${VALID_EID.slice(0, 31)}A`)).toBe(false);
    expect(isEid('')).toBe(false);
  });
});

describe('checkIccid', () => {
  it('accepts 89 and 18 to 22 digits with a valid Luhn digit', () => {
    for (const v of [ICCID_18, ICCID_19, ICCID_20]) expect(checkIccid(v), v).toEqual({ ok: true, luhnWarning: false });
  });
  it('accepts a failed Luhn digit with a warning only', () => {
    expect(checkIccid(ICCID_20_BAD_LUHN)).toEqual({ ok: true, luhnWarning: true });
    expect(checkIccid(ICCID_19.slice(0, -1))).toEqual({ ok: true, luhnWarning: true }); // check digit omitted (18 digits)
  });
  it('rejects a wrong prefix, length or characters', () => {
    for (const v of ['8810042348144559361', '89100423481445593', `${ICCID_20}123`, '8910042348144559F6', '']) {
      expect(checkIccid(v), v).toEqual({ ok: false, luhnWarning: false });
    }
  });
});

describe('esimQueryKind', () => {
  it('is an EID, then an ICCID, else an activation code', () => {
    expect(esimQueryKind('89049032004008882600012345678956')).toBe('eid');
    expect(esimQueryKind('89860112345678901234')).toBe('iccid');
    expect(esimQueryKind('89049032004008882600012345678957')).toBe('activation_code');
    expect(esimQueryKind('QPE-ABC123')).toBe('activation_code');
  });
});

describe('checkEidOrIccid', () => {
  it('recognises an EID', () => {
    expect(checkEidOrIccid(VALID_EID)).toEqual({ ok: true, kind: 'eid', luhnWarning: false });
  });
  it('recognises an ICCID, warning on a failed Luhn digit', () => {
    expect(checkEidOrIccid(ICCID_19)).toEqual({ ok: true, kind: 'iccid', luhnWarning: false });
    expect(checkEidOrIccid(ICCID_20_BAD_LUHN)).toEqual({ ok: true, kind: 'iccid', luhnWarning: true });
  });
  it('says what was expected and why it failed', () => {
    const fail = (reason: string) => ({ ok: false, expected: 'eid_or_iccid', reason });
    expect(checkEidOrIccid('')).toEqual(fail('required'));
    expect(checkEidOrIccid('8986-0112')).toEqual(fail('not_alphanumeric'));
    expect(checkEidOrIccid('89860112345678901F')).toEqual(fail('not_digits'));
    expect(checkEidOrIccid('89049032000001000000012345678901')).toEqual(fail('eid_checksum'));
    expect(checkEidOrIccid('1234567890123456789')).toEqual(fail('iccid_prefix'));
    expect(checkEidOrIccid('8986011234567')).toEqual(fail('iccid_length'));
    expect(checkEidOrIccid('89860112345678901234567')).toEqual(fail('iccid_length'));
  });
});

describe('MCC and MNC', () => {
  it('isMccOrMnc is exactly 3 digits', () => {
    expect(isMccOrMnc('460')).toBe(true);
    expect(isMccOrMnc('001')).toBe(true);
    for (const v of ['', '46', '4600', '46a']) expect(isMccOrMnc(v), v).toBe(false);
  });
  it('isOptionalMccOrMnc also accepts an empty field', () => {
    expect(isOptionalMccOrMnc('')).toBe(true);
    expect(isOptionalMccOrMnc(undefined)).toBe(true);
    expect(isOptionalMccOrMnc(null)).toBe(true);
    expect(isOptionalMccOrMnc('310')).toBe(true);
    expect(isOptionalMccOrMnc('31')).toBe(false);
  });
});

describe('isDomain (DP+ address)', () => {
  it('accepts hostnames', () => {
    for (const v of ['smdp.example.com', 'consumer.e-sim.global', 'rsp.truphone.com', 'a.io', 'SMDP.Example.COM', 'sm-dp.test', 'x.xn--fiqs8s']) {
      expect(isDomain(v), v).toBe(true);
    }
  });
  it('rejects schemes, ports, paths and malformed names', () => {
    for (const v of [
      '',
      'localhost',
      'https://smdp.example.com',
      'smdp.example.com:443',
      'smdp.example.com/path',
      'smdp..example.com',
      '.example.com',
      'example.com.',
      '-smdp.example.com',
      'smdp-.example.com',
      'smdp.example.c',
      'smdp.example.123',
      '192.168.1.1',
      'sm_dp.example.com',
      'smdp example.com',
      `${'a'.repeat(64)}.com`,
      `${Array.from({ length: 64 }, () => 'abc').join('.')}.com`, // 259 chars
    ]) {
      expect(isDomain(v), v).toBe(false);
    }
  });
  it('allows 63-character labels', () => {
    expect(isDomain(`${'a'.repeat(63)}.com`)).toBe(true);
  });
});

describe('activation codes', () => {
  it('isActivationCode takes letters, digits and dashes, 1 to 255', () => {
    for (const v of ['ABC-123-xyz', 'K2-1Y5PQN-1IH3JLX', 'a', 'A'.repeat(255)]) expect(isActivationCode(v), v).toBe(true);
    for (const v of ['', 'ABC_123', 'ABC 123', 'LPA:1$smdp$X', 'A'.repeat(256)]) expect(isActivationCode(v), v).toBe(false);
  });
  it('isWhitelistActivationCode takes uppercase letters and digits only', () => {
    expect(isWhitelistActivationCode('ABC123XYZ')).toBe(true);
    for (const v of ['', 'abc123', 'ABC-123', 'ABC 123']) expect(isWhitelistActivationCode(v), v).toBe(false);
  });
});

describe('zod schemas', () => {
  it('accept valid values, trimming identifiers', () => {
    expect(phoneSchema.parse(' 13800138000 ')).toBe('13800138000');
    expect(emailSchema.parse('a@b.co')).toBe('a@b.co');
    expect(passwordSchema.parse('abc123')).toBe('abc123');
    expect(verificationCodeSchema.parse('123456')).toBe('123456');
    expect(imeiSchema.parse(VALID_IMEI)).toBe(VALID_IMEI);
    expect(imeiOrSerialSchema.parse('F2LXK0ABCD')).toBe('F2LXK0ABCD');
    expect(qpeImeiSchema.parse(BAD_LUHN_IMEI)).toBe(BAD_LUHN_IMEI);
    expect(ecodeSchema.parse('JT0123456789')).toBe('JT0123456789');
    expect(ecodeDigits12Schema.parse('012345678912')).toBe('012345678912');
    expect(eidSchema.parse(VALID_EID)).toBe(VALID_EID);
    expect(iccidSchema.parse(ICCID_20_BAD_LUHN)).toBe(ICCID_20_BAD_LUHN);
    expect(eidOrIccidSchema.parse(` ${ICCID_19} `)).toBe(ICCID_19);
    expect(mccMncSchema.parse('460')).toBe('460');
    expect(mccMncSchema.parse('')).toBe('');
    expect(mccMncSchema.parse(undefined)).toBeUndefined();
    expect(dpAddressSchema.parse('smdp.example.com')).toBe('smdp.example.com');
    expect(activationCodeSchema.parse('ABC-123')).toBe('ABC-123');
    expect(whitelistActivationCodeSchema.parse('ABC123')).toBe('ABC123');
  });

  it('report one stable i18n key per failure', () => {
    expect(messages(phoneSchema, '123')).toEqual(['validation.phone']);
    expect(messages(emailSchema, 'nope')).toEqual(['validation.email']);
    expect(messages(passwordSchema, 'abc')).toEqual(['validation.password']);
    expect(messages(verificationCodeSchema, '12345')).toEqual(['validation.verification_code']);
    expect(messages(imeiSchema, BAD_LUHN_IMEI)).toEqual(['validation.imei']);
    expect(messages(imeiOrSerialSchema, 'x')).toEqual(['validation.imei_or_serial']);
    expect(messages(qpeImeiSchema, '123')).toEqual(['validation.qpe_imei']);
    expect(messages(ecodeSchema, 'jt0123456789')).toEqual(['validation.ecode']);
    expect(messages(ecodeDigits12Schema, 'JT0123456789')).toEqual(['validation.ecode_digits12']);
    expect(messages(eidSchema, '123')).toEqual(['validation.eid']);
    expect(messages(eidSchema, '89049032000001000000012345678901')).toEqual(['validation.eid_checksum']);
    expect(messages(iccidSchema, '12345678901234567890')).toEqual(['validation.iccid_prefix']);
    expect(messages(iccidSchema, '8986')).toEqual(['validation.iccid_length']);
    expect(messages(iccidSchema, '8986AB')).toEqual(['validation.iccid']);
    expect(messages(eidOrIccidSchema, '89049032000001000000012345678901')).toEqual(['validation.eid_checksum']);
    expect(messages(eidOrIccidSchema, '1234567890123456789')).toEqual(['validation.iccid_prefix']);
    expect(messages(eidOrIccidSchema, '8986011234567')).toEqual(['validation.iccid_length']);
    expect(messages(eidOrIccidSchema, 'hello!')).toEqual(['validation.eid_or_iccid']);
    expect(messages(mccMncSchema, '46')).toEqual(['validation.mcc_mnc']);
    expect(messages(dpAddressSchema, 'https://smdp.example.com')).toEqual(['validation.dp_address']);
    expect(messages(activationCodeSchema, 'a b')).toEqual(['validation.activation_code']);
    expect(messages(whitelistActivationCodeSchema, 'abc')).toEqual(['validation.whitelist_activation_code']);
  });

  it('do not trim passwords', () => {
    expect(messages(passwordSchema, ' abc123')).toEqual(['validation.password']);
  });

  it('newPasswordSchema reports on the field to fix', () => {
    const issues = (value: object) => {
      const r = newPasswordSchema.safeParse(value);
      return r.success ? [] : r.error.issues.map((i) => ({ path: i.path, message: i.message }));
    };
    expect(issues({ oldPassword: 'old123', newPassword: 'new456', confirmPassword: 'new456' })).toEqual([]);
    expect(issues({ oldPassword: 'old123', newPassword: 'old123', confirmPassword: 'old123' })).toEqual([
      { path: ['newPassword'], message: 'validation.password_same_as_old' },
    ]);
    expect(issues({ oldPassword: 'old123', newPassword: 'new456', confirmPassword: 'new' })).toEqual([
      { path: ['confirmPassword'], message: 'validation.password_mismatch' },
    ]);
    expect(issues({ oldPassword: 'old123', newPassword: 'no', confirmPassword: 'no' })).toEqual([
      { path: ['newPassword'], message: 'validation.password' },
    ]);
  });
});

describe('validationTexts', () => {
  it('has both languages for the same keys', () => {
    expect(Object.keys(validationTexts['zh-Hans']).sort()).toEqual(Object.keys(validationTexts.en).sort());
    for (const [key, text] of Object.entries(validationTexts.en)) {
      expect(key).toMatch(/^validation\.[a-z0-9_]+$/);
      expect(text, key).toMatch(/\S/);
      expect(validationTexts['zh-Hans'][key], key).toMatch(/\S/);
    }
    expect(validationTexts.en['validation.phone']).toBe('Enter an 11-digit phone number');
    expect(validationTexts['zh-Hans']['validation.phone']).toBe('请输入11位手机号码');
  });

  it('covers every key a schema can report', () => {
    const keys = [
      'validation.phone',
      'validation.email',
      'validation.password',
      'validation.password_same_as_old',
      'validation.password_mismatch',
      'validation.verification_code',
      'validation.imei',
      'validation.imei_or_serial',
      'validation.qpe_imei',
      'validation.ecode',
      'validation.ecode_digits12',
      'validation.eid',
      'validation.eid_checksum',
      'validation.iccid',
      'validation.iccid_prefix',
      'validation.iccid_length',
      'validation.eid_or_iccid',
      'validation.mcc_mnc',
      'validation.dp_address',
      'validation.activation_code',
      'validation.whitelist_activation_code',
    ];
    for (const reason of ['required', 'not_alphanumeric', 'not_digits', 'eid_checksum', 'iccid_prefix', 'iccid_length'] as const) {
      keys.push(eidOrIccidMessageKey(reason));
    }
    for (const key of keys) expect(validationTexts.en[key], key).toBeDefined();
  });
});
