import { isSupportedCountry, isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import { countryCodeOf } from './countries.ts';

/**
 * Customers' phone numbers checked against each country's numbering plan with libphonenumber-js
 * and its `mobile` metadata: the numbers of each country that can receive a text (a sign-in code,
 * the courier's notice), in a quarter of the full metadata's size. Kept apart from validation.ts
 * so that the metadata only reaches the pages that check a phone, never the shop's first screen.
 */

/** What a typed number may hold: digits, an optional leading +, and spaces, dashes, dots or brackets. */
const PHONE_CHARACTERS = /^\+?[0-9(][0-9 ().-]*$/;

/**
 * A sign-in phone number (SPEC §5): a China mobile as the wire carries it, 11 digits, which
 * China's numbering plan gives to mobiles (1[3-9]…, ranges in use only).
 */
export function isPhone(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value) && isValidPhoneNumber(value, 'CN');
}

/** A country code libphonenumber knows, from an address's country as typed ("China", "香港", "GB"). */
function phoneCountryOf(country: string): CountryCode | null {
  const code = countryCodeOf(country);
  return code && isSupportedCountry(code) ? code : null;
}

/**
 * A contact phone number. With `country`, a customer's delivery phone (DHL, HK Post and Aramex
 * ship abroad): a mobile (the courier texts and calls it), valid in the address's country, or,
 * written with its own country code (+852 …, 0086 …), valid in that one wherever the address is:
 * a recipient in Shanghai may well have a Hong Kong phone. When the country is not one the shop
 * can name, and for the shop's own published numbers (no `country`: landlines and hotlines,
 * which the mobile metadata does not know), only its form is checked: 6 to 20 digits.
 */
export function isContactPhone(value: string, country?: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  if (value.length > 32 || !PHONE_CHARACTERS.test(value) || digits < 6 || digits > 20) return false;
  if (country === undefined) return true;
  const region = regionToRead(value, country);
  return region ? isValidPhoneNumber(value, region) : true;
}

/**
 * Where to read a number in: its own country code when it has one (+852, or 00852 as dialled
 * from China, which is why that reads with China's exit code), else the address's country.
 */
function regionToRead(value: string, country: string): CountryCode | null {
  return value.startsWith('+') || value.startsWith('00') ? 'CN' : phoneCountryOf(country);
}

/**
 * A delivery phone as the shop keeps it, or null when it is none (isContactPhone): a number of
 * the address's own country in that country's national form ("138 0013 8000", "(201) 555-0123"),
 * any other in the international one ("+852 9123 4567"). Either reads back to one number with
 * the address's country, and both are what a courier's label and a person expect to see, with
 * no numbering plans needed to show them; a number in a country the plans do not know is kept
 * as typed.
 */
export function addressPhone(value: string, country: string): string | null {
  const typed = value.trim();
  if (!isContactPhone(typed, country)) return null;
  const region = regionToRead(typed, country);
  const parsed = region ? parsePhoneNumberFromString(typed, region) : undefined;
  if (!parsed) return typed;
  return parsed.country === phoneCountryOf(country) ? parsed.formatNational() : parsed.formatInternational();
}
