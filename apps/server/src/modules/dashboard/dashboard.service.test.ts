import { describe, expect, it } from 'vitest';
import { startOfDay } from './dashboard.service.ts';

describe('startOfDay', () => {
  it('is midnight in the zone, days back counted on the calendar', () => {
    const noonShanghai = Date.UTC(2026, 10, 23, 4); // 12:00 in Shanghai
    expect(startOfDay('Asia/Shanghai', noonShanghai)).toBe(Date.UTC(2026, 10, 22, 16));
    expect(startOfDay('Asia/Shanghai', noonShanghai, 6)).toBe(Date.UTC(2026, 10, 16, 16));
    expect(startOfDay('UTC', Date.UTC(2026, 10, 23, 23, 59))).toBe(Date.UTC(2026, 10, 23));
    // 01:30 in Shanghai is still the previous day in UTC.
    expect(startOfDay('Asia/Shanghai', Date.UTC(2026, 10, 22, 17, 30))).toBe(Date.UTC(2026, 10, 22, 16));
  });

  it('follows daylight saving: a day that is 23 hours long still starts at midnight', () => {
    // New York moves to summer time on 8 March 2026 at 02:00 (UTC-5 → UTC-4).
    const noonMarch9 = Date.UTC(2026, 2, 9, 16);
    expect(startOfDay('America/New_York', noonMarch9)).toBe(Date.UTC(2026, 2, 9, 4));
    expect(startOfDay('America/New_York', noonMarch9, 1)).toBe(Date.UTC(2026, 2, 8, 5));
    expect(startOfDay('America/New_York', noonMarch9, 2)).toBe(Date.UTC(2026, 2, 7, 5));
  });
});
