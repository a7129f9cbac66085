import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './countries.ts';
import { destinationOfPath, destinationOfQuery, destinationPath, REGIONS } from './destinations.ts';

describe('destination pages', () => {
  it('give every country and region an address of its own, read back to the same place', () => {
    const all = [...COUNTRY_CODES.map((code) => ({ kind: 'country' as const, code })), ...REGIONS.map((r) => ({ kind: 'region' as const, key: r.key }))];
    const paths = all.map(destinationPath);
    expect(new Set(paths).size).toBe(all.length);
    for (const [i, path] of paths.entries()) {
      expect(path, path).toMatch(/^\/esim\/[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(destinationOfPath(path), path).toEqual(all[i]);
    }
  });

  it('read like the place: spelled out, without accents or symbols', () => {
    expect(destinationPath({ kind: 'country', code: 'JP' })).toBe('/esim/japan');
    expect(destinationPath({ kind: 'country', code: 'KR' })).toBe('/esim/south-korea');
    expect(destinationPath({ kind: 'country', code: 'US' })).toBe('/esim/united-states');
    expect(destinationPath({ kind: 'country', code: 'GB' })).toBe('/esim/united-kingdom');
    expect(destinationPath({ kind: 'country', code: 'CI' })).toBe('/esim/cote-divoire');
    expect(destinationPath({ kind: 'country', code: 'TR' })).toBe('/esim/turkiye');
    expect(destinationPath({ kind: 'country', code: 'KN' })).toBe('/esim/st-kitts-and-nevis');
    expect(destinationPath({ kind: 'region', key: 'middle-east-africa' })).toBe('/esim/middle-east-africa');
  });

  it('take an address in any case or with a trailing slash, and nothing else', () => {
    expect(destinationOfPath('/esim/Japan/')).toEqual({ kind: 'country', code: 'JP' });
    expect(destinationOfPath('/esim/atlantis')).toBeNull();
    expect(destinationOfPath('/esim/')).toBeNull();
    expect(destinationOfPath('/esim/japan/tokyo')).toBeNull();
    expect(destinationOfPath('/pages/esim/japan')).toBeNull();
    expect(destinationOfQuery(new URLSearchParams('country=JP'))).toEqual({ kind: 'country', code: 'JP' });
    expect(destinationOfQuery(new URLSearchParams('country=ZZ'))).toBeNull();
  });
});
