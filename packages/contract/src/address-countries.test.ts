import { describe, expect, it } from 'vitest';
import { addressLine, addressRuleFor } from './address-countries.ts';
import { addressInputSchema, type AddressInput } from './addresses.ts';
import { addressPhone } from './phones.ts';

const beijing = { name: 'Li Lei', tel: '13800138000', country: 'CN', province: '北京市', city: '北京市', district: '朝阳区', detail: '建国路 88 号' } satisfies AddressInput;
const issues = (input: AddressInput) => {
  const result = addressInputSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the address rules by country', () => {
  it('asks mainland China for province, city and district, and a six-digit post code when one is given', () => {
    expect(issues(beijing)).toEqual({});
    expect(issues({ ...beijing, province: '', city: '', district: '' })).toEqual({ province: 'validation.required', city: 'validation.required', district: 'validation.required' });
    expect(issues({ ...beijing, postCode: '10002' })).toEqual({ postCode: 'validation.post_code_6' });
    expect(issues({ ...beijing, postCode: '100020' })).toEqual({});
  });

  it('asks Hong Kong, Macau and Singapore for no province, and only Singapore for a post code', () => {
    const hk = { ...beijing, country: 'HK', tel: '9123 4567', province: '', city: 'Wan Chai', district: '', detail: '1 Harbour Road' };
    expect(issues(hk)).toEqual({});
    expect(issues({ ...hk, city: '' })).toEqual({ city: 'validation.required' });
    expect(issues({ ...hk, country: 'MO', tel: '6612 3456', city: '' })).toEqual({});
    const sg = { ...hk, country: 'SG', tel: '8123 4567', city: '' };
    expect(issues(sg)).toEqual({ postCode: 'validation.required' });
    expect(issues({ ...sg, postCode: '01898' })).toEqual({ postCode: 'validation.post_code_6' });
    expect(issues({ ...sg, postCode: '018989' })).toEqual({});
  });

  it('asks the US for a state and a ZIP code', () => {
    const ny = { ...beijing, country: 'US', tel: '(212) 555-0123', province: '', city: 'New York', district: '', detail: '350 Fifth Avenue' };
    expect(issues(ny)).toEqual({ province: 'validation.required', postCode: 'validation.required' });
    expect(issues({ ...ny, province: 'NY', postCode: '1011' })).toEqual({ postCode: 'validation.zip' });
    expect(issues({ ...ny, province: 'NY', postCode: '10118-0110' })).toEqual({});
    expect(addressRuleFor('US').labels).toMatchObject({ province: 'state', postCode: 'zip' });
  });

  it('asks any other country for a city only, with a post code of letters and digits when given', () => {
    const paris = { ...beijing, country: 'FR', tel: '+33 6 12 34 56 78', province: '', city: 'Paris', district: '', detail: '5 Avenue Anatole France' };
    expect(addressRuleFor('FR')).toBe(addressRuleFor('BR'));
    expect(issues(paris)).toEqual({});
    expect(issues({ ...paris, city: '' })).toEqual({ city: 'validation.required' });
    expect(issues({ ...paris, postCode: '75007!' })).toEqual({ postCode: 'validation.post_code' });
  });

  it('refuses a country the shop cannot name', () => {
    expect(issues({ ...beijing, country: 'Atlantis' })).toEqual({ country: 'validation.country' });
    expect(issues({ ...beijing, country: '' })).toMatchObject({ country: 'validation.country' });
  });
});

describe('the phone of an address', () => {
  it("refuses a ten-digit number for Beijing with China's own message, and takes the eleven-digit one", () => {
    expect(issues({ ...beijing, tel: '1380013800' })).toEqual({ tel: 'validation.address_phone_cn' });
    expect(issues({ ...beijing, tel: '13800138000' })).toEqual({});
    // Not a number at all: the message says what a phone number looks like, whatever the country.
    expect(issues({ ...beijing, tel: 'call me' })).toEqual({ tel: 'validation.contact_phone' });
  });

  it("says how many digits a phone has in the country's own message", () => {
    expect(issues({ ...beijing, country: 'HK', tel: '912 3456' })).toEqual({ tel: 'validation.address_phone_8' });
    expect(issues({ ...beijing, country: 'US', province: 'NY', postCode: '10001', tel: '555 0123' })).toEqual({ tel: 'validation.address_phone_10' });
    expect(issues({ ...beijing, country: 'DE', tel: '030 1234' })).toEqual({ tel: 'validation.address_phone' });
  });

  it("keeps the country's own numbers in national form and others in international form", () => {
    expect(addressPhone('13800138000', 'CN')).toBe('138 0013 8000');
    expect(addressPhone('+86 13800138000', 'CN')).toBe('138 0013 8000');
    expect(addressPhone('+85291234567', 'CN')).toBe('+852 9123 4567');
    expect(addressPhone('0085291234567', 'CN')).toBe('+852 9123 4567');
    expect(addressPhone('2015550123', 'US')).toBe('(201) 555-0123');
    expect(addressPhone('1380013800', 'CN')).toBeNull();
  });
});

describe('an address as the shop keeps it', () => {
  it('has the country as its code, the phone in its kept form, and nothing its country does not ask', () => {
    const kept = addressInputSchema.parse({ ...beijing, country: 'Hong Kong', tel: '91234567', province: 'Hong Kong Island', city: 'Wan Chai', district: 'Wan Chai', postCode: '999077' });
    expect(kept).toMatchObject({ country: 'HK', tel: '9123 4567', province: '', city: 'Wan Chai', district: '', postCode: '' });
    // Kept once, kept the same when sent again.
    expect(addressInputSchema.parse(kept)).toEqual(kept);
    expect(addressInputSchema.parse({ ...beijing, country: 'GB', tel: '07400123456', province: '', city: 'London', district: '', postCode: 'nw1 6xe' })).toMatchObject({ tel: '07400 123456', postCode: 'NW1 6XE' });
  });

  it('reads as one line in either language, old addresses with a typed country too', () => {
    expect(addressLine({ ...beijing, country: 'CN' }, 'en')).toBe('China 北京市 北京市 朝阳区 建国路 88 号');
    expect(addressLine({ ...beijing, country: 'CN' }, 'zh-Hans')).toBe('中国 北京市 北京市 朝阳区 建国路 88 号');
    expect(addressLine({ ...beijing, country: '中国' }, 'en')).toMatch(/^China /);
    expect(addressLine({ ...beijing, country: 'Atlantis' }, 'en')).toMatch(/^Atlantis /);
  });
});
