import { describe, expect, it } from 'vitest';
import { dayRuns, formatHours } from './format-hours';

const texts: Record<string, string> = { 'contact.hours.range': '{{from}} to {{to}}', 'contact.hours.separator': ', ', 'contact.hours.value': '{{days}}, {{open}}–{{close}}' };
const t = (key: string, options: Record<string, unknown> = {}) => (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(options[k]));

describe('working hours', () => {
  it('joins consecutive days into runs', () => {
    expect(dayRuns([1, 2, 3, 4, 5, 6])).toEqual([[1, 6]]);
    expect(dayRuns([7, 1, 3, 2])).toEqual([
      [1, 3],
      [7, 7],
    ]);
  });

  it('names the days in the language asked for', () => {
    expect(formatHours({ days: [1, 2, 3, 4, 5, 6], open: '11:00', close: '19:00' }, 'en', t)).toBe('Monday to Saturday, 11:00–19:00');
    expect(formatHours({ days: [1, 3, 5], open: '09:00', close: '18:00' }, 'en', t)).toBe('Monday, Wednesday, Friday, 09:00–18:00');
    expect(formatHours({ days: [6, 7], open: '10:00', close: '16:00' }, 'zh-Hans', t)).toBe('周六 to 周日, 10:00–16:00');
  });
});
