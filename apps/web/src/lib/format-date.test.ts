import { describe, expect, it } from 'vitest';
import { DATE_STYLES, formatDate } from './format-date';

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
});
