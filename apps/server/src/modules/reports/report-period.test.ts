import { describe, expect, it } from 'vitest';
import { bucketOf, bucketsOf, dayNumber, localMidnight, reportPeriod, type OffsetSegment } from './report-period.ts';

/** The local day of an instant as the SQL expression computes it: (t + offset) / day. */
const localDay = (t: number, segments: readonly OffsetSegment[]) => Math.floor((t + segments.find((s) => s.until === null || t < s.until)!.offset) / 86_400_000);

describe('reportPeriod', () => {
  it('cuts a zone without daylight saving into one segment', () => {
    const p = reportPeriod({ from: '2025-03-01', to: '2025-03-31', timeZone: 'Asia/Kolkata' });
    expect(p.segments).toEqual([{ until: null, offset: 5.5 * 3_600_000 }]);
    expect(p.start).toBe(Date.UTC(2025, 1, 28, 18, 30));
    expect(p.end).toBe(Date.UTC(2025, 2, 31, 18, 30));
    expect(p.days).toBe(31);
  });

  it('finds the exact instant clocks go back, so the 25-hour day keeps its last hour', () => {
    // Europe/Berlin left summer time on 26 October 2025 at 03:00 local (01:00Z).
    const p = reportPeriod({ from: '2025-10-25', to: '2025-10-27', timeZone: 'Europe/Berlin' });
    expect(p.segments).toEqual([
      { until: Date.UTC(2025, 9, 26, 1), offset: 2 * 3_600_000 },
      { until: null, offset: 3_600_000 },
    ]);
    const day26 = dayNumber('2025-10-26');
    expect(localDay(Date.UTC(2025, 9, 25, 22), p.segments)).toBe(day26); // 00:00 CEST
    expect(localDay(Date.UTC(2025, 9, 26, 0, 59), p.segments)).toBe(day26); // 02:59 CEST
    expect(localDay(Date.UTC(2025, 9, 26, 1), p.segments)).toBe(day26); // 02:00 CET, the hour again
    expect(localDay(Date.UTC(2025, 9, 26, 22, 59), p.segments)).toBe(day26); // 23:59 CET
    expect(localDay(Date.UTC(2025, 9, 26, 23), p.segments)).toBe(day26 + 1);
    expect(p.end - localMidnight('Europe/Berlin', day26)).toBe((25 + 24) * 3_600_000);
  });

  it('groups days into weeks from Monday and months, empty ones included', () => {
    const p = reportPeriod({ from: '2025-02-27', to: '2025-03-04', timeZone: 'UTC' });
    expect(bucketsOf(p, 'week').map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10))).toEqual(['2025-02-24', '2025-03-03']);
    expect(bucketsOf(p, 'month').length).toBe(2);
    expect(bucketOf(dayNumber('2025-03-09'), 'week')).toBe(dayNumber('2025-03-03')); // a Sunday
  });
});
