import { describe, expect, it } from 'vitest';
import { distanceKm, storeMapLinks, storeOpenState, type WeeklyHours } from './stores.ts';

const weekdays = (open: string, close: string) => [{ open, close }];
// Shanghai: Monday to Friday 09:00–18:00, Saturday 10:00–16:00, Sunday closed.
const office: WeeklyHours = [weekdays('09:00', '18:00'), weekdays('09:00', '18:00'), weekdays('09:00', '18:00'), weekdays('09:00', '18:00'), weekdays('09:00', '18:00'), weekdays('10:00', '16:00'), []];
const SH = 'Asia/Shanghai';
// 2026-11-23 is a Monday. Shanghai is UTC+8 all year.
const shanghai = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

describe('storeOpenState', () => {
  it('is open inside the hours and says when it closes', () => {
    expect(storeOpenState(office, SH, shanghai('2026-11-23', '10:00'))).toEqual({ open: true, closes: { day: 0, time: '18:00', inDays: 0 } });
  });

  it('closes at the closing minute and opens the next morning', () => {
    expect(storeOpenState(office, SH, shanghai('2026-11-23', '18:00'))).toEqual({ open: false, opens: { day: 1, time: '09:00', inDays: 1 } });
    expect(storeOpenState(office, SH, shanghai('2026-11-24', '08:59'))).toEqual({ open: false, opens: { day: 1, time: '09:00', inDays: 0 } });
  });

  it('skips a closed day', () => {
    // Saturday after closing and all Sunday: next opening is Monday.
    expect(storeOpenState(office, SH, shanghai('2026-11-28', '17:00'))).toEqual({ open: false, opens: { day: 0, time: '09:00', inDays: 2 } });
    expect(storeOpenState(office, SH, shanghai('2026-11-29', '12:00'))).toEqual({ open: false, opens: { day: 0, time: '09:00', inDays: 1 } });
  });

  it('reads the clock in the store\'s time zone, not the caller\'s', () => {
    // 02:00 UTC on Monday is 10:00 in Shanghai (open) but 02:00 in London (closed).
    const at = new Date('2026-11-23T02:00:00Z');
    expect(storeOpenState(office, SH, at).open).toBe(true);
    expect(storeOpenState(office, 'Europe/London', at)).toEqual({ open: false, opens: { day: 0, time: '09:00', inDays: 0 } });
  });

  it('keeps overnight hours open past midnight on the next day', () => {
    const bar: WeeklyHours = [[], [], [], [], [{ open: '18:00', close: '02:00' }], [], []];
    expect(storeOpenState(bar, SH, shanghai('2026-11-28', '01:30'))).toEqual({ open: true, closes: { day: 5, time: '02:00', inDays: 0 } });
    expect(storeOpenState(bar, SH, shanghai('2026-11-28', '02:00'))).toEqual({ open: false, opens: { day: 4, time: '18:00', inDays: 6 } });
  });

  it('carries Sunday night into Monday morning across the week end', () => {
    const late: WeeklyHours = [[], [], [], [], [], [], [{ open: '22:00', close: '03:00' }]];
    expect(storeOpenState(late, SH, shanghai('2026-11-23', '01:00'))).toEqual({ open: true, closes: { day: 0, time: '03:00', inDays: 0 } });
  });

  it('does not close at midnight between touching openings', () => {
    const h: WeeklyHours = [[{ open: '08:00', close: '24:00' }], [{ open: '00:00', close: '12:00' }], [], [], [], [], []];
    expect(storeOpenState(h, SH, shanghai('2026-11-23', '23:00'))).toEqual({ open: true, closes: { day: 1, time: '12:00', inDays: 1 } });
  });

  it('is open without end all week round, and never opens without hours', () => {
    const always: WeeklyHours = Array.from({ length: 7 }, () => [{ open: '00:00', close: '24:00' }]);
    expect(storeOpenState(always, SH, shanghai('2026-11-26', '03:00'))).toEqual({ open: true, closes: null });
    expect(storeOpenState([[], [], [], [], [], [], []], SH, shanghai('2026-11-26', '03:00'))).toEqual({ open: false, opens: null });
  });
});

describe('where a store is', () => {
  it('measures great-circle distance', () => {
    const shanghaiPeople = { lat: 31.2304, lng: 121.4737 };
    const beijing = { lat: 39.9042, lng: 116.4074 };
    expect(Math.round(distanceKm(shanghaiPeople, beijing))).toBe(1067);
    expect(distanceKm(beijing, beijing)).toBe(0);
  });

  it('links to a maps app and to a web map', () => {
    const links = storeMapLinks({ name: 'A & B', lat: 31.2, lng: 121.5 });
    expect(links.geo).toBe('geo:31.2,121.5?q=31.2,121.5(A%20%26%20B)');
    expect(links.web).toBe('https://www.openstreetmap.org/?mlat=31.2&mlon=121.5#map=17/31.2/121.5');
  });
});
