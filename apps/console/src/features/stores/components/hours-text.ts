import type { Opening, WeeklyHours } from '@simshop/contract';

const OPENING = /^([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** One day's openings as staff type them: `09:00-18:00, 19:00-22:00`; empty is closed. */
export const dayToText = (day: readonly Opening[]) => day.map((o) => `${o.open}-${o.close}`).join(', ');

/** The openings of a typed day, or null when it is not written as the hint says. */
export function textToDay(text: string): Opening[] | null {
  const parts = text
    .split(/[,，]/)
    .map((p) => p.replace(/\s+/g, '').replace(/[–—~]/g, '-'))
    .filter(Boolean);
  if (parts.length > 3 || parts.some((p) => !OPENING.test(p))) return null;
  return parts.map((p) => ({ open: p.slice(0, 5), close: p.slice(6) }));
}

export const weekToTexts = (hours: WeeklyHours) => hours.map(dayToText);
