import type { ContactHours } from '@simshop/contract';

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The weekday's name in the reader's language (ISO day: 1 is Monday; 2024-01-01 was a Monday):
 * "Monday" in English, 周一 in Chinese (as the shop always wrote its hours).
 */
function dayName(day: number, lang: string): string {
  return new Date(Date.UTC(2024, 0, day)).toLocaleDateString(lang, { weekday: lang.startsWith('zh') ? 'short' : 'long', timeZone: 'UTC' });
}

/** Runs of consecutive days: [1,2,3,5] → [[1,3],[5,5]]. */
export function dayRuns(days: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const d of [...days].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && d === last[1] + 1) last[1] = d;
    else runs.push([d, d]);
  }
  return runs;
}

/** "Monday to Saturday, 11:00–19:00" / "周一至周六 11:00–19:00". */
export function formatHours(hours: ContactHours, lang: string, t: T): string {
  const days = dayRuns(hours.days)
    .map(([from, to]) => (from === to ? dayName(from, lang) : t('contact.hours.range', { from: dayName(from, lang), to: dayName(to, lang) })))
    .join(t('contact.hours.separator'));
  return t('contact.hours.value', { days, open: hours.open, close: hours.close });
}
