import { describe, expect, it } from 'vitest';
import { DATE_STYLES, formatDate, formatDateUtc } from './format-date';

describe('formatDate', () => {
  it('writes the plain and the long date by hand exactly as Intl does in both languages', () => {
    const moments = [Date.UTC(2026, 10, 24, 12), ...Array.from({ length: 12 }, (_, month) => new Date(2027, month, 5 + month, 0, 0, 1).getTime()), new Date(2026, 11, 31, 23, 59, 59).getTime(), new Date(1999, 8, 9, 9).getTime()];
    for (const lang of ['en', 'zh-Hans']) {
      for (const style of ['date', 'longDate'] as const) {
        const intl = new Intl.DateTimeFormat(lang, DATE_STYLES[style]);
        for (const ms of moments) expect(formatDate(ms, lang, style)).toBe(intl.format(ms));
      }
    }
  });

  it('leaves other languages and styles to Intl', () => {
    const ms = Date.UTC(2026, 10, 24, 12);
    expect(formatDate(ms, 'de')).toBe(new Intl.DateTimeFormat('de', DATE_STYLES.date).format(ms));
    expect(formatDate(ms, 'en', 'dateTime')).toBe(new Intl.DateTimeFormat('en', DATE_STYLES.dateTime).format(ms));
  });

  it('writes the day in UTC where the server draws it, whatever the zone it runs in', () => {
    // 23:30 UTC on New Year's Eve: already 1 January east of Greenwich.
    const ms = Date.UTC(2026, 11, 31, 23, 30);
    expect(formatDateUtc(ms, 'en')).toBe('12/31/2026');
    expect(formatDateUtc(ms, 'zh-Hans', 'longDate')).toBe('2026年12月31日');
    expect(formatDateUtc(ms, 'en', 'mediumDateTime')).toBe(new Intl.DateTimeFormat('en', { ...DATE_STYLES.mediumDateTime, timeZone: 'UTC' }).format(ms));
    expect(formatDate(ms, 'en')).toBe(new Intl.DateTimeFormat('en', DATE_STYLES.date).format(ms));
  });
});
