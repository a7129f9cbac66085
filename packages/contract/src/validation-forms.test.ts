import { describe, it, expect } from 'vitest';
import { checkNewPassword, isEmail, isNonEmptyChanged, isPassword, isPhone, isQuantityWithin, isVerificationCode } from './validation.ts';

/** The checks of what customers type in forms: account, code, password, changed text, quantity. */
describe('isPhone', () => {
  it('accepts a China mobile: 11 digits starting 1[3-9]', () => {
    expect(isPhone('13800138000')).toBe(true);
  });
  it('rejects anything else', () => {
    for (const v of ['', '1380013800', '138001380001', '1380013800a', '+8613800138000', '138 0013 8000', '１３８００１３８０００', '12345678901']) {
      expect(isPhone(v), v).toBe(false);
    }
  });
});

describe('isEmail', () => {
  it('accepts ordinary addresses', () => {
    for (const v of ['a@b.co', 'first.last+tag@mail.example.com', '12345@qq.com', 'x_y-z@sub-domain.example.org', "o'neil@example.ie"]) {
      expect(isEmail(v), v).toBe(true);
    }
  });
  it('rejects malformed addresses', () => {
    for (const v of [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@b',
      'a@b.c',
      'a@@b.com',
      'a@b@c.com',
      'a b@c.com',
      'a@b c.com',
      '.a@b.com',
      'a.@b.com',
      'a..b@c.com',
      'a@-b.com',
      'a@b-.com',
      'a@b..com',
      'a@b.c0m',
      'a@b.com.',
      `${'x'.repeat(65)}@example.com`,
      `a@${'b'.repeat(250)}.com`,
    ]) {
      expect(isEmail(v), v).toBe(false);
    }
  });
  it('caps the length at 254', () => {
    const label = 'a'.repeat(63);
    const domain = `${label}.${label}.${label}.com`;
    const localLength = 254 - 1 - domain.length; // within the 64-character local-part limit
    expect(isEmail(`${'l'.repeat(localLength)}@${domain}`)).toBe(true);
    expect(isEmail(`${'l'.repeat(localLength + 1)}@${domain}`)).toBe(false);
  });
});

describe('isVerificationCode', () => {
  it('accepts 6 digits only', () => {
    expect(isVerificationCode('012345')).toBe(true);
    for (const v of ['', '12345', '1234567', '12345a', ' 12345']) expect(isVerificationCode(v), v).toBe(false);
  });
});

describe('isPassword', () => {
  it('accepts 6 to 18 characters without whitespace', () => {
    for (const v of ['abc123', 'a'.repeat(18), 'P@ss!w0rd', '密码密码密码']) expect(isPassword(v), v).toBe(true);
  });
  it('rejects short, long or spaced passwords', () => {
    for (const v of ['', 'abc12', 'a'.repeat(19), 'abc 123', 'abc123\t', '\nabc123']) expect(isPassword(v), JSON.stringify(v)).toBe(false);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(isPassword('😀'.repeat(6))).toBe(true);
    expect(isPassword('😀'.repeat(19))).toBe(false);
  });
});

describe('checkNewPassword', () => {
  it('passes a valid, different, confirmed password', () => {
    expect(checkNewPassword({ oldPassword: 'old123', newPassword: 'new456', confirmPassword: 'new456' })).toBeNull();
  });
  it('names the problem', () => {
    expect(checkNewPassword({ oldPassword: 'old123', newPassword: 'old123', confirmPassword: 'old123' })).toBe('same_as_old');
    expect(checkNewPassword({ oldPassword: 'old123', newPassword: 'new456', confirmPassword: 'new457' })).toBe('mismatch');
    expect(checkNewPassword({ oldPassword: 'old123', newPassword: 'new', confirmPassword: 'new' })).toBe('invalid');
  });
});

describe('isNonEmptyChanged', () => {
  it('needs non-empty, changed content', () => {
    expect(isNonEmptyChanged('new', 'old')).toBe(true);
    expect(isNonEmptyChanged('new', undefined)).toBe(true);
    expect(isNonEmptyChanged('', 'old')).toBe(false);
    expect(isNonEmptyChanged('   ', 'old')).toBe(false);
    expect(isNonEmptyChanged('same', 'same')).toBe(false);
    expect(isNonEmptyChanged(' same ', 'same')).toBe(false);
    expect(isNonEmptyChanged(null, 'old')).toBe(false);
  });
});

describe('isQuantityWithin', () => {
  it('needs an integer within min and max, inclusive', () => {
    expect(isQuantityWithin(1, 1, 10)).toBe(true);
    expect(isQuantityWithin(10, 1, 10)).toBe(true);
    expect(isQuantityWithin(0, 1, 10)).toBe(false);
    expect(isQuantityWithin(11, 1, 10)).toBe(false);
    expect(isQuantityWithin(2.5, 1, 10)).toBe(false);
    expect(isQuantityWithin(Number.NaN, 1, 10)).toBe(false);
  });
});
