import { existsSync } from 'node:fs';
import { COUNTRY_CODES } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { countriesOf, coveredCountries, destinationOfPage, searchDestinations } from './destinations';

const catalogue = [{ coverage: ['HK', 'JP', 'KR', 'SG', 'TH'] }, { coverage: ['CN'] }, { coverage: ['JP', 'CN', 'FR', 'US'] }, { coverage: [] }];

describe('destinations', () => {
  it('has a flag picture for every country a plan can cover (tools/generate-flags.ts)', () => {
    const missing = COUNTRY_CODES.filter((code) => !existsSync(new URL(`../../public/flags/${code.toLowerCase()}.webp`, import.meta.url)));
    expect(missing).toEqual([]);
  });

  it('counts the plans covering each country', () => {
    const counts = coveredCountries(catalogue);
    expect(counts.get('JP')).toBe(2);
    expect(counts.get('TH')).toBe(1);
    expect(counts.has('DE')).toBe(false);
  });

  it('finds a country by its English or Chinese name, its code or a common alias, in either interface language', () => {
    expect(searchDestinations('japan', catalogue, 'en')[0]).toMatchObject({ destination: { kind: 'country', code: 'JP' }, label: 'Japan', plans: 2 });
    expect(searchDestinations('日本', catalogue, 'en')[0]?.destination).toEqual({ kind: 'country', code: 'JP' });
    expect(searchDestinations('japan', catalogue, 'zh-Hans')[0]).toMatchObject({ label: '日本' });
    expect(searchDestinations('usa', catalogue, 'en')[0]?.destination).toEqual({ kind: 'country', code: 'US' });
    expect(searchDestinations('  Thai ', catalogue, 'en')[0]?.destination).toEqual({ kind: 'country', code: 'TH' });
  });

  it('offers only places some plan covers, regions included, and nothing for an empty query', () => {
    expect(searchDestinations('germany', catalogue, 'en')).toEqual([]);
    expect(searchDestinations('', catalogue, 'en')).toEqual([]);
    const europe = searchDestinations('euro', catalogue, 'en');
    expect(europe[0]).toMatchObject({ destination: { kind: 'region', key: 'europe' }, plans: 1 });
    expect(searchDestinations('oceania', catalogue, 'en')).toEqual([]);
  });

  it('reads a destination back from the page address or the SPEC page query, refusing what it does not know', () => {
    const spec = '/pages/goods/destination';
    expect(destinationOfPage(spec, new URLSearchParams('country=JP'))).toEqual({ kind: 'country', code: 'JP' });
    expect(destinationOfPage(spec, new URLSearchParams('region=asia'))).toEqual({ kind: 'region', key: 'asia' });
    expect(destinationOfPage(spec, new URLSearchParams('country=jp'))).toBeNull();
    expect(destinationOfPage(spec, new URLSearchParams('region=atlantis'))).toBeNull();
    expect(destinationOfPage('/esim/japan', new URLSearchParams())).toEqual({ kind: 'country', code: 'JP' });
    expect(destinationOfPage('/esim/Middle-East-Africa/', new URLSearchParams())).toEqual({ kind: 'region', key: 'middle-east-africa' });
    expect(destinationOfPage('/esim/atlantis', new URLSearchParams())).toBeNull();
    expect(countriesOf({ kind: 'region', key: 'asia' })).toContain('JP');
  });
});
