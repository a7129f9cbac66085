import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryName, isCountryCode } from './countries.ts';
import { COUNTRY_NAMES_EN, COUNTRY_NAMES_ZH_HANS } from './country-names.ts';

describe('country names', () => {
  it('has a short name for every code in both languages, in the codes’ order', () => {
    for (const table of [COUNTRY_NAMES_EN, COUNTRY_NAMES_ZH_HANS]) {
      const names = table.split('|');
      expect(names).toHaveLength(COUNTRY_CODES.length);
      for (const [i, name] of names.entries()) expect(name, COUNTRY_CODES[i]).not.toBe('');
    }
  });

  it('gives the short names the shop shows, and long ones from Intl', () => {
    expect(countryName('JP', 'en')).toBe('Japan');
    expect(countryName('JP', 'zh-Hans')).toBe('日本');
    expect(countryName('GB', 'en')).toBe('UK');
    expect(countryName('XK', 'en')).toBe('Kosovo');
    expect(countryName('US', 'en', 'long')).toBe('United States');
    expect(countryName('US', 'zh-Hans', 'long')).toBe('美国');
  });

  it('gives the code back where it knows no name', () => {
    expect(countryName('ZZ', 'en')).toBe('ZZ');
    expect(isCountryCode('ZZ')).toBe(false);
    expect(isCountryCode('JP')).toBe(true);
  });
});
