import { describe, expect, it } from 'vitest';
import { addressInputSchema } from './addresses.ts';
import { adminOrderAddressRequest } from './admin/orders.ts';
import { countryCodeOf } from './countries.ts';
import { isContactPhone, isPhone } from './phones.ts';
import { accountKind, phoneSchema } from './validation.ts';

describe('isPhone: a sign-in phone is a China mobile', () => {
  it('accepts 11 digits starting 1[3-9]', () => {
    for (const v of ['13800138000', '13912345678', '15012345678', '16612345678', '17012345678', '18612345678', '19912345678']) expect(isPhone(v), v).toBe(true);
  });
  it('refuses other first digits, other lengths and other forms', () => {
    for (const v of ['10012345678', '11012345678', '12345678901', '23800138000', '1380013800', '138001380001', '+8613800138000', '138 0013 8000', '02168341000']) expect(isPhone(v), v).toBe(false);
    expect(accountKind('12345678901')).toBeNull();
    expect(phoneSchema.safeParse('12345678901').error?.issues[0]?.message).toBe('validation.phone');
  });
});

describe('isContactPhone: valid in the address country', () => {
  it('checks a national number against the country', () => {
    expect(isContactPhone('13800138000', 'China')).toBe(true);
    expect(isContactPhone('138 0013 8000', '中国')).toBe(true);
    expect(isContactPhone('12345678901', 'China')).toBe(false);
    // A delivery phone is a mobile: the courier texts it.
    expect(isContactPhone('021 6834 1000', 'China')).toBe(false);
    // UK: a mobile; one digit short is no number, and a London line no mobile.
    expect(isContactPhone('07400 123456', 'United Kingdom')).toBe(true);
    expect(isContactPhone('07400 12345', 'GB')).toBe(false);
    expect(isContactPhone('020 7946 0958', 'UK')).toBe(false);
    // US: area code and number; seven digits alone are not enough.
    expect(isContactPhone('(201) 555-0123', 'United States')).toBe(true);
    expect(isContactPhone('201-555-0123', 'USA')).toBe(true);
    expect(isContactPhone('555 0123', 'US')).toBe(false);
    // Hong Kong: 8 digits; a mainland mobile is not a Hong Kong number.
    expect(isContactPhone('9123 4567', 'Hong Kong')).toBe(true);
    expect(isContactPhone('13800138000', '香港')).toBe(false);
  });

  it('checks a number with its own country code against that country, wherever the address is', () => {
    expect(isContactPhone('+852 9123 4567', 'China')).toBe(true);
    expect(isContactPhone('+44 7400 123456', 'France')).toBe(true);
    expect(isContactPhone('+1 201 555 0123', 'Japan')).toBe(true);
    expect(isContactPhone('0086 138 0013 8000', 'Japan')).toBe(true);
    expect(isContactPhone('+86 123 4567 8901', 'China')).toBe(false);
    expect(isContactPhone('+44 7400 12345', 'United Kingdom')).toBe(false);
  });

  it("checks only the form of the shop's own numbers (no country): landlines and hotlines", () => {
    expect(isContactPhone('+86 21 6834 1000')).toBe(true);
    expect(isContactPhone('400 820 8820')).toBe(true);
    for (const v of ['', '12', 'call us', '138-0013-800a', 'tel:13800138000', '+', '1'.repeat(21)]) expect(isContactPhone(v), v).toBe(false);
  });

  it('only checks the length of a national number when the country is not one it can name', () => {
    expect(isContactPhone('6123 4567', 'Atlantis')).toBe(true);
    expect(isContactPhone('12', 'Atlantis')).toBe(false);
  });
});

describe('countryCodeOf', () => {
  it('names a country by code, English or Chinese name, or a usual other name', () => {
    expect(['CN', 'cn', 'China', 'china', '中国', 'Mainland China', 'PRC'].map(countryCodeOf)).toEqual(Array(7).fill('CN'));
    expect(['GB', 'UK', 'United Kingdom', 'England', '英国'].map(countryCodeOf)).toEqual(Array(5).fill('GB'));
    expect(['US', 'USA', 'United States', '美国'].map(countryCodeOf)).toEqual(Array(4).fill('US'));
    expect([countryCodeOf('Hong Kong'), countryCodeOf('香港'), countryCodeOf('Atlantis')]).toEqual(['HK', 'HK', null]);
  });
});

describe('an address phone in the schemas', () => {
  const address = { name: 'Li Lei', tel: '07400 123456', country: 'United Kingdom', province: 'England', city: 'London', postCode: 'NW1 6XE', detail: '1 Baker Street' };
  const telIssue = (r: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => r.error?.issues.find((i) => i.path.at(-1) === 'tel')?.message;

  it('is valid for its own country and refused, on tel, for another', () => {
    expect(addressInputSchema.safeParse(address).success).toBe(true);
    expect(telIssue(addressInputSchema.safeParse({ ...address, country: 'China' }))).toBe('validation.address_phone_cn');
    expect(telIssue(addressInputSchema.safeParse({ ...address, tel: 'call me' }))).toBe('validation.contact_phone');
  });

  it('is checked the same when the console changes an order address', () => {
    expect(telIssue(adminOrderAddressRequest.safeParse({ orderNo: 'SO2026120100000001', address }))).toBeUndefined();
    expect(telIssue(adminOrderAddressRequest.safeParse({ orderNo: 'SO2026120100000001', address: { ...address, tel: '12345678901', country: 'China' } }))).toBe('validation.address_phone_cn');
  });
});
