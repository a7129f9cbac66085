import { afterEach, describe, expect, it } from 'vitest';
import { planFactsOf, planUsage, type PlanFacts, type UsageInputs } from './esim-usage.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const t0 = Date.UTC(2026, 10, 24, 15, 30); // 24 Nov 2026, 15:30 UTC
const plan = (over: Partial<PlanFacts> = {}): PlanFacts => ({ dataMb: 5000, validityDays: 7, validityStarts: 'first-connection', ...over });
const inputs = (over: Partial<UsageInputs> = {}): UsageInputs => ({ plan: plan(), deliveredAt: t0 - DAY, installedAt: null, network: null, now: t0, ...over });

describe('planFactsOf', () => {
  const sold = (data_mb: number | null, validity_days: number | null, validity_starts: string | null = 'install') => ({ data_mb, validity_days, validity_starts });
  it("needs the eSIM's copy of the days and the start rule; no data limit is unlimited", () => {
    expect(planFactsOf(sold(3000, 15))).toEqual({ dataMb: 3000, validityDays: 15, validityStarts: 'install' });
    expect(planFactsOf(sold(null, 15))).toEqual({ dataMb: null, validityDays: 15, validityStarts: 'install' });
    expect(planFactsOf(sold(3000, null))).toBeNull();
    expect(planFactsOf(sold(3000, 15, null))).toBeNull();
    // A start rule the shop does not know (a bad travel column when it was sold) counts no days.
    expect(planFactsOf(sold(3000, 15, 'tomorrow'))).toBeNull();
  });
});

describe('planUsage', () => {
  it('a plan not started yet: every day and all the data left', () => {
    const u = planUsage(inputs({ network: { usedMb: 0, firstAttachAt: null } }));
    expect(u).toMatchObject({ state: 'not-started', startedAt: null, expiresAt: null, daysLeft: 7, usedMb: 0, leftMb: 5000, checkedAt: t0 });
  });

  it('a first-connection plan the network cannot be asked about is unknown, not "not started"', () => {
    expect(planUsage(inputs())).toMatchObject({ state: 'unknown', usedMb: null, leftMb: null, daysLeft: null, startedAt: null });
  });

  it('counts days from the first connection, a part day as a day', () => {
    const start = t0 - 2 * DAY - 5 * HOUR;
    const u = planUsage(inputs({ network: { usedMb: 1234.7, firstAttachAt: start } }));
    expect(u).toMatchObject({ state: 'active', startedAt: start, expiresAt: start + 7 * DAY, usedMb: 1234, leftMb: 3766 });
    // 4 days 19 hours left: 5 days.
    expect(u.daysLeft).toBe(5);
    expect(planUsage(inputs({ network: { usedMb: 0, firstAttachAt: t0 - 7 * DAY + HOUR } })).daysLeft).toBe(1);
  });

  it('expires at the end of the last 24 hours, however much data is left', () => {
    const start = t0 - 7 * DAY;
    expect(planUsage(inputs({ network: { usedMb: 100, firstAttachAt: start } }))).toMatchObject({ state: 'expired', daysLeft: 0, expiresAt: t0, leftMb: 4900 });
    expect(planUsage(inputs({ network: { usedMb: 100, firstAttachAt: start + 1 } }))).toMatchObject({ state: 'active', daysLeft: 1 });
  });

  it('is used up when the allowance is gone, never below 0 left', () => {
    expect(planUsage(inputs({ network: { usedMb: 5000, firstAttachAt: t0 - DAY } }))).toMatchObject({ state: 'used-up', leftMb: 0, daysLeft: 6 });
    expect(planUsage(inputs({ network: { usedMb: 5321, firstAttachAt: t0 - DAY } }))).toMatchObject({ state: 'used-up', leftMb: 0, usedMb: 5321 });
    // Expired wins over used up: nothing can be added to it any more.
    expect(planUsage(inputs({ network: { usedMb: 5321, firstAttachAt: t0 - 8 * DAY } })).state).toBe('expired');
  });

  it('unlimited data is never used up and has no "left"', () => {
    const u = planUsage(inputs({ plan: plan({ dataMb: null }), network: { usedMb: 250_000, firstAttachAt: t0 - DAY } }));
    expect(u).toMatchObject({ state: 'active', dataMb: null, usedMb: 250_000, leftMb: null, daysLeft: 6 });
  });

  it('a plan that starts at purchase counts from delivery, even with the network silent', () => {
    const u = planUsage(inputs({ plan: plan({ validityStarts: 'purchase' }), deliveredAt: t0 - 3 * DAY }));
    expect(u).toMatchObject({ state: 'active', startedAt: t0 - 3 * DAY, daysLeft: 4, usedMb: null, leftMb: null });
  });

  it('a plan that starts at install takes the reported install, or an earlier connection', () => {
    const install = plan({ validityStarts: 'install' });
    expect(planUsage(inputs({ plan: install, installedAt: t0 - DAY }))).toMatchObject({ state: 'active', startedAt: t0 - DAY });
    // A pool profile's install is never reported: its first connection shows it was installed.
    expect(planUsage(inputs({ plan: install, network: { usedMb: 10, firstAttachAt: t0 - 2 * DAY } }))).toMatchObject({ startedAt: t0 - 2 * DAY });
    expect(planUsage(inputs({ plan: install, installedAt: t0 - DAY, network: { usedMb: 10, firstAttachAt: t0 - 2 * DAY } })).startedAt).toBe(t0 - 2 * DAY);
    expect(planUsage(inputs({ plan: install, network: { usedMb: 0, firstAttachAt: null } }))).toMatchObject({ state: 'not-started', daysLeft: 7 });
    expect(planUsage(inputs({ plan: install })).state).toBe('unknown');
  });

  describe('time zones', () => {
    const tz = process.env.TZ;
    afterEach(() => {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    });

    it('the end is the same instant in every zone, across a daylight-saving change', () => {
      // Started 23:30 in London the evening before clocks go forward (29 March 2026).
      const start = Date.UTC(2026, 2, 28, 23, 30);
      const now = Date.UTC(2026, 2, 30, 12, 0);
      const answers = ['Europe/London', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Kiritimati'].map((zone) => {
        process.env.TZ = zone;
        return planUsage(inputs({ plan: plan({ validityDays: 3 }), network: { usedMb: 1, firstAttachAt: start }, now }));
      });
      for (const a of answers) expect(a).toEqual(answers[0]);
      // Three 24-hour periods, not three calendar days in any zone.
      expect(answers[0]).toMatchObject({ expiresAt: Date.UTC(2026, 2, 31, 23, 30), daysLeft: 2 });
    });
  });
});
