import { describe, expect, it } from 'vitest';
import { adminToolsSaveRequest } from './admin/tools.ts';
import { checkNumber, estimateTripMb, planAllowance, TOOL_IDS } from './tools.ts';

describe('checkNumber', () => {
  it('reads a 15-digit IMEI and its Luhn digit', () => {
    const ok = checkNumber('35-209900-176148-1');
    expect(ok).toMatchObject({ kind: 'imei', digits: '352099001761481', valid: true, tac: '35209900', reportingBody: 'BABT (UK)' });
    const wrong = checkNumber('352099001761482');
    expect(wrong).toMatchObject({ kind: 'imei', valid: false, expectedCheck: '1' });
  });

  it('reads an ICCID with its country and issuer', () => {
    expect(checkNumber('8986 0118 8021 3600 012')).toMatchObject({ kind: 'iccid', valid: true, country: 'CN', countryCode: '86', issuer: 'China Unicom' });
    expect(checkNumber('8986011880213600013')).toMatchObject({ kind: 'iccid', valid: false, expectedCheck: '2' });
    expect(checkNumber('8985200000000000000').country).toBe('HK');
  });

  it('reads an EID and its mod 97 check digits', () => {
    expect(checkNumber('89049032004008882600012345678956')).toMatchObject({ kind: 'eid', valid: true, country: 'DE', countryCode: '049', issuer: '032', expectedCheck: '56' });
    expect(checkNumber('89049032004008882600012345678957')).toMatchObject({ kind: 'eid', valid: false, expectedCheck: '56' });
  });

  it('says unknown for anything else', () => {
    expect(checkNumber('12345').kind).toBe('unknown');
    expect(checkNumber('abc').kind).toBe('unknown');
    expect(checkNumber('').kind).toBe('unknown');
  });
});

describe('estimateTripMb', () => {
  it('adds the activities, the daily base and the margin, rounded up to half a GB', () => {
    // (50 + 1×20 + 2×150) × 7 × 1.2 = 3108 MB → 3584 MB (3.5 GB)
    expect(estimateTripMb({ days: 7, maps: 1, social: 2, video: 0 })).toBe(3584);
    // (50 + 700) × 10 × 1.2 = 9000 → 9216
    expect(estimateTripMb({ days: 10, maps: 0, social: 0, video: 1 })).toBe(9216);
  });
});

describe('planAllowance', () => {
  it('reads data and days in both languages', () => {
    expect(planAllowance('10 GB')).toEqual({ mb: 10240, days: null });
    expect(planAllowance('30GB+100分钟')).toEqual({ mb: 30720, days: null });
    expect(planAllowance('7天')).toEqual({ mb: null, days: 7 });
    expect(planAllowance('3 GB, 15 days')).toEqual({ mb: 3072, days: 15 });
    expect(planAllowance('500MB')).toEqual({ mb: 500, days: null });
    expect(planAllowance('Unlimited').mb).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('adminToolsSaveRequest', () => {
  const all = TOOL_IDS.map((id) => ({ id, enabled: true }));
  it('takes every tool once', () => {
    expect(adminToolsSaveRequest.safeParse({ version: null, items: all }).success).toBe(true);
    expect(adminToolsSaveRequest.safeParse({ version: null, items: all.slice(1) }).success).toBe(false);
    expect(adminToolsSaveRequest.safeParse({ version: null, items: [...all.slice(1), all[1]] }).success).toBe(false);
  });
});
