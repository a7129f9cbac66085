import { countryCodeOf, countryName } from './countries.ts';
import type { Language } from './language.ts';

/**
 * Which parts of a delivery address each country asks for, written once: the shop's form shows
 * and labels its fields from it, and the address schemas (addresses.ts) refuse what it refuses.
 * Street, receiver and phone are asked everywhere; these rules cover the rest.
 */

/** Asked and needed, asked but optional, or not asked (and not stored). */
export type AddressFieldUse = 'required' | 'optional' | 'hidden';
export const ADDRESS_AREA_FIELDS = ['province', 'city', 'district', 'postCode'] as const;
export type AddressAreaField = (typeof ADDRESS_AREA_FIELDS)[number];

export interface AddressCountryRule {
  use: Readonly<Record<AddressAreaField, AddressFieldUse>>;
  /** The order the form asks them in: from the largest area down in China, as written there. */
  order: readonly AddressAreaField[];
  /** What the country calls each field: the label's key is `address.label.<name>`. */
  labels: Readonly<Record<AddressAreaField, string>>;
  /** A post code's form there, with the message (validation-texts.ts) that describes it. */
  postCode: { pattern: RegExp; message: string };
  /** The message for a phone that is no mobile there: says how many digits that country's have. */
  phoneMessage: string;
}

const GENERIC_POST_CODE = { pattern: /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/, message: 'validation.post_code' };
const SIX_DIGITS = { pattern: /^\d{6}$/, message: 'validation.post_code_6' };
const LABELS = { province: 'region', city: 'city', district: 'district', postCode: 'postCode' } as const;

/** Anywhere the table below does not name: the region and post code optional, the city needed. */
const DEFAULT_RULE: AddressCountryRule = {
  use: { province: 'optional', city: 'required', district: 'optional', postCode: 'optional' },
  order: ['city', 'district', 'province', 'postCode'],
  labels: LABELS,
  postCode: GENERIC_POST_CODE,
  phoneMessage: 'validation.address_phone',
};

const rule = (use: AddressCountryRule['use'], more: Partial<Omit<AddressCountryRule, 'use'>> = {}): AddressCountryRule => ({
  ...DEFAULT_RULE,
  ...more,
  use,
  labels: { ...LABELS, ...more.labels },
});

/**
 * The countries the shop ships to most, by what their post offices need: mainland China by
 * province, city and district; Hong Kong and Macau have neither provinces nor post codes (an area
 * names the part of the city); Singapore is one city whose six-digit postal code finds the
 * building, so the code is needed there; states and ZIP or post codes where couriers sort by them.
 */
const RULES: Readonly<Record<string, AddressCountryRule>> = {
  CN: rule(
    { province: 'required', city: 'required', district: 'required', postCode: 'optional' },
    { order: ADDRESS_AREA_FIELDS, labels: { ...LABELS, province: 'province' }, postCode: SIX_DIGITS, phoneMessage: 'validation.address_phone_cn' },
  ),
  HK: rule({ province: 'hidden', city: 'required', district: 'hidden', postCode: 'hidden' }, { labels: { ...LABELS, city: 'area' }, phoneMessage: 'validation.address_phone_8' }),
  MO: rule({ province: 'hidden', city: 'optional', district: 'hidden', postCode: 'hidden' }, { labels: { ...LABELS, city: 'area' }, phoneMessage: 'validation.address_phone_8' }),
  SG: rule({ province: 'hidden', city: 'hidden', district: 'hidden', postCode: 'required' }, { postCode: SIX_DIGITS, phoneMessage: 'validation.address_phone_8' }),
  US: rule(
    { province: 'required', city: 'required', district: 'hidden', postCode: 'required' },
    { labels: { ...LABELS, province: 'state', postCode: 'zip' }, postCode: { pattern: /^\d{5}(?:-\d{4})?$/, message: 'validation.zip' }, phoneMessage: 'validation.address_phone_10' },
  ),
  CA: rule(
    { province: 'required', city: 'required', district: 'hidden', postCode: 'required' },
    { labels: { ...LABELS, province: 'province' }, postCode: { pattern: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/, message: 'validation.post_code_ca' }, phoneMessage: 'validation.address_phone_10' },
  ),
  GB: rule(
    { province: 'optional', city: 'required', district: 'hidden', postCode: 'required' },
    { labels: { ...LABELS, province: 'county', city: 'town' }, postCode: { pattern: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/, message: 'validation.post_code_gb' } },
  ),
  AU: rule(
    { province: 'required', city: 'required', district: 'hidden', postCode: 'required' },
    { labels: { ...LABELS, province: 'state', city: 'suburb' }, postCode: { pattern: /^\d{4}$/, message: 'validation.post_code_4' } },
  ),
  JP: rule(
    { province: 'required', city: 'required', district: 'optional', postCode: 'required' },
    { labels: { ...LABELS, province: 'prefecture' }, postCode: { pattern: /^\d{3}-?\d{4}$/, message: 'validation.post_code_jp' } },
  ),
};

/** The rule of a country by its code; countries the table does not name share the default. */
export function addressRuleFor(code: string): AddressCountryRule {
  return RULES[code] ?? DEFAULT_RULE;
}

/**
 * The countries offered first in the shop's picker (where its customers live and ship to most),
 * before all the others by name.
 */
export const ADDRESS_COUNTRIES_FIRST: readonly string[] = ['CN', 'HK', 'MO', 'TW', 'SG', 'US', 'GB', 'JP', 'KR', 'AU', 'CA'];

/**
 * An address's country as people read it: the name of its code, or, for an address saved before
 * the country was chosen from a list, the name it was typed as when it is none the shop knows.
 */
export function addressCountryName(country: string, lang: Language): string {
  const code = countryCodeOf(country);
  return code ? countryName(code, lang) : country;
}

/** An address on one line, for lists and the checkout (the name and phone go above it). */
export function addressLine(a: { country: string; province: string; city: string; district: string; detail: string }, lang: Language): string {
  return [addressCountryName(a.country, lang), a.province, a.city, a.district, a.detail].filter(Boolean).join(' ');
}
