import { describe, expect, it } from 'vitest';
import { DATE_STYLES, formatDate } from './format-date';

describe('formatDate', () => {
  it('writes the plain date by hand exactly as Intl does in both languages', () => {
    const moments = [Date.UTC(2026, 10, 24, 12), new Date(2027, 0, 5, 0, 0, 1).getTime(), new Date(2026, 11, 31, 23, 59, 59).getTime(), new Date(1999, 8, 9, 9).getTime()];
    for (const lang of ['en', 'zh-Hans']) {
      const intl = new Intl.DateTimeFormat(lang, DATE_STYLES.date);
      for (const ms of moments) expect(formatDate(ms, lang)).toBe(intl.format(ms));
    }
  });

  it('leaves other languages and styles to Intl', () => {
    const ms = Date.UTC(2026, 10, 24, 12);
    expect(formatDate(ms, 'de')).toBe(new Intl.DateTimeFormat('de', DATE_STYLES.date).format(ms));
    expect(formatDate(ms, 'en', 'longDate')).toBe(new Intl.DateTimeFormat('en', DATE_STYLES.longDate).format(ms));
  });
});
