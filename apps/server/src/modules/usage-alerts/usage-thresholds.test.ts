import type { EsimUsage } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { nextCheckAt, reachedThresholds, thresholdsToTell } from './usage-thresholds.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
const NOW = Date.UTC(2026, 11, 2, 12);

const usage = (over: Partial<EsimUsage>): EsimUsage => ({
  dataMb: 5000,
  validityDays: 7,
  validityStarts: 'first-connection',
  usedMb: 0,
  leftMb: 5000,
  checkedAt: NOW,
  startedAt: NOW - DAY,
  expiresAt: NOW + 6 * DAY,
  daysLeft: 6,
  state: 'active',
  ...over,
});

describe('usage alert thresholds', () => {
  it('reaches 75 % and 90 % of the data at those shares, not a megabyte before', () => {
    expect(reachedThresholds(usage({ usedMb: 3749 }), NOW)).toEqual([]);
    expect(reachedThresholds(usage({ usedMb: 3750 }), NOW)).toEqual(['data_75']);
    expect(reachedThresholds(usage({ usedMb: 4499 }), NOW)).toEqual(['data_75']);
    expect(reachedThresholds(usage({ usedMb: 4500 }), NOW)).toEqual(['data_75', 'data_90']);
    // Used up is past both.
    expect(reachedThresholds(usage({ usedMb: 5000, leftMb: 0, state: 'used-up' }), NOW)).toEqual(['data_75', 'data_90']);
  });

  it('has no data threshold for unlimited data or while the network is silent', () => {
    expect(reachedThresholds(usage({ dataMb: null, usedMb: 90_000 }), NOW)).toEqual([]);
    expect(reachedThresholds(usage({ usedMb: null }), NOW)).toEqual([]);
  });

  it('reaches 3 days and 1 day before the end in hours, the last day being the last 24 hours', () => {
    expect(reachedThresholds(usage({ expiresAt: NOW + 3 * DAY + 1 }), NOW)).toEqual([]);
    expect(reachedThresholds(usage({ expiresAt: NOW + 3 * DAY }), NOW)).toEqual(['days_3']);
    expect(reachedThresholds(usage({ expiresAt: NOW + DAY + 1 }), NOW)).toEqual(['days_3']);
    expect(reachedThresholds(usage({ expiresAt: NOW + DAY }), NOW)).toEqual(['days_3', 'days_1']);
  });

  it('does not call a plan shorter than the threshold "ending soon" from its start', () => {
    expect(reachedThresholds(usage({ validityDays: 3, expiresAt: NOW + 2 * DAY }), NOW)).toEqual([]);
    expect(reachedThresholds(usage({ validityDays: 3, expiresAt: NOW + DAY }), NOW)).toEqual(['days_1']);
    expect(reachedThresholds(usage({ validityDays: 1, expiresAt: NOW + 1000 }), NOW)).toEqual([]);
  });

  it('reaches nothing on a plan that has not started, is over, or is unknown', () => {
    expect(reachedThresholds(usage({ state: 'not-started', startedAt: null, expiresAt: null, usedMb: 0 }), NOW)).toEqual([]);
    expect(reachedThresholds(usage({ state: 'expired', expiresAt: NOW - 1, usedMb: 4900 }), NOW)).toEqual([]);
    expect(reachedThresholds(usage({ state: 'unknown', usedMb: null, startedAt: null, expiresAt: null }), NOW)).toEqual([]);
  });

  it('tells the highest threshold of each kind once both were reached between two looks', () => {
    expect(thresholdsToTell(['data_75', 'data_90', 'days_3', 'days_1'])).toEqual(['data_90', 'days_1']);
    expect(thresholdsToTell(['data_75', 'days_3'])).toEqual(['data_75', 'days_3']);
    expect(thresholdsToTell(['days_3'])).toEqual(['days_3']);
    expect(thresholdsToTell([])).toEqual([]);
  });
});

describe('when the sweep next asks the network', () => {
  it('asks sooner as the data used nears 75 % and 90 %, and no more for data once past 90 %', () => {
    expect(nextCheckAt(usage({ usedMb: 2000 }), NOW)).toBe(NOW + 30 * MINUTE);
    expect(nextCheckAt(usage({ usedMb: 2500 }), NOW)).toBe(NOW + 10 * MINUTE);
    expect(nextCheckAt(usage({ usedMb: 3750 }), NOW)).toBe(NOW + 5 * MINUTE);
    // Past 90 %: the next thing to reach is 3 days before the end, else a look a day later.
    expect(nextCheckAt(usage({ usedMb: 4500, expiresAt: NOW + 3 * DAY + 120 * MINUTE }), NOW)).toBe(NOW + 120 * MINUTE);
    expect(nextCheckAt(usage({ usedMb: 4500 }), NOW)).toBe(NOW + DAY);
  });

  it('asks exactly when the next "days left" threshold starts, when that is sooner', () => {
    expect(nextCheckAt(usage({ dataMb: null, usedMb: 50_000 }), NOW)).toBe(NOW + DAY);
    expect(nextCheckAt(usage({ dataMb: null, expiresAt: NOW + 3 * DAY + 20 * MINUTE }), NOW)).toBe(NOW + 20 * MINUTE);
    expect(nextCheckAt(usage({ usedMb: 4600, expiresAt: NOW + 2 * DAY }), NOW)).toBe(NOW + DAY);
    // A 3-day plan has no "3 days left": its last day is next.
    expect(nextCheckAt(usage({ usedMb: 4600, validityDays: 3, expiresAt: NOW + 2 * DAY }), NOW)).toBe(NOW + DAY);
    // Never sooner than the sweep's round.
    expect(nextCheckAt(usage({ dataMb: null, expiresAt: NOW + DAY + 1 }), NOW)).toBe(NOW + MINUTE);
  });

  it('asks again soon when the network was silent, and a day later when nothing is left to reach', () => {
    expect(nextCheckAt(usage({ state: 'unknown', usedMb: null, startedAt: null, expiresAt: null }), NOW)).toBe(NOW + 15 * MINUTE);
    expect(nextCheckAt(usage({ usedMb: null }), NOW)).toBe(NOW + 15 * MINUTE);
    expect(nextCheckAt(usage({ state: 'expired', expiresAt: NOW - 1 }), NOW)).toBe(NOW + DAY);
    expect(nextCheckAt(usage({ usedMb: 4800, expiresAt: NOW + DAY / 2 }), NOW)).toBe(NOW + DAY);
    expect(nextCheckAt(null, NOW)).toBe(NOW + DAY);
    // Not started: half an hour, as at the start of a plan.
    expect(nextCheckAt(usage({ state: 'not-started', startedAt: null, expiresAt: null, usedMb: 0 }), NOW)).toBe(NOW + 30 * MINUTE);
  });
});
