import { useSyncExternalStore } from 'react';

/**
 * Dates and times in the reader's language. `Date#toLocaleString` builds a new Intl formatter on
 * every call, which cost the home page a fifth of a second on a throttled phone (a coupon strip
 * and blog cards format a dozen dates); here each language and style builds one and keeps it.
 */
export const DATE_STYLES = {
  /** 2026/11/24, 11/24/2026: what `toLocaleDateString()` shows. */
  date: { year: 'numeric', month: 'numeric', day: 'numeric' },
  /** 24 November 2026, 2026年11月24日. */
  longDate: { year: 'numeric', month: 'long', day: 'numeric' },
  /** Date and time with seconds: what `toLocaleString()` shows. */
  dateTime: { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
  /** Nov 24, 2026, 3:05 PM. */
  mediumDateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 15:05 / 3:05 PM: today's messages. */
  time: { hour: '2-digit', minute: '2-digit' },
  /** Nov 24, 3:05 PM: older messages. */
  dayTime: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Dates are written in the reader's zone, or in UTC where the server draws them (useFormatDate). */
type Zone = 'reader' | 'UTC';

function formatterOf(lang: string, style: DateStyle, zone: Zone): Intl.DateTimeFormat {
  const key = `${lang}|${style}|${zone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, zone === 'UTC' ? { ...DATE_STYLES[style], timeZone: 'UTC' } : DATE_STYLES[style]);
    formatters.set(key, format);
  }
  return format;
}

const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * The plain and the long date written by hand, as Intl writes them in the shop's two languages
 * (11/24/2026, 2026/11/24; November 24, 2026, 2026年11月24日): the first Intl.DateTimeFormat a page
 * creates loads the runtime's date data, 75–120 ms at a phone's CPU in the middle of home's first
 * screen (a coupon's "valid until", the blog cards), for formats this simple. Other languages and
 * styles still go through Intl.
 */
function byHand(ms: number, lang: string, style: DateStyle, zone: Zone): string | undefined {
  if (style !== 'date' && style !== 'longDate') return undefined;
  const day = new Date(ms);
  if (Number.isNaN(day.getTime())) return undefined;
  const [y, m, d] = zone === 'UTC' ? [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()] : [day.getFullYear(), day.getMonth() + 1, day.getDate()];
  if (lang === 'en') return style === 'date' ? `${m}/${d}/${y}` : `${MONTHS_EN[m - 1]} ${d}, ${y}`;
  if (lang === 'zh-Hans') return style === 'date' ? `${y}/${m}/${d}` : `${y}年${m}月${d}日`;
  return undefined;
}

/** A moment (ms since the epoch) in the reader's language and zone, in the given style. */
export const formatDate = (ms: number, lang: string, style: DateStyle = 'date'): string => formatIn('reader', ms, lang, style);

/** The same in UTC: what the server draws. */
export const formatDateUtc = (ms: number, lang: string, style: DateStyle = 'date'): string => formatIn('UTC', ms, lang, style);

const formatIn = (zone: Zone, ms: number, lang: string, style: DateStyle): string => byHand(ms, lang, style, zone) ?? formatterOf(lang, style, zone).format(ms);

const unchanging = () => () => undefined;

/**
 * formatDate for a part of a page the server draws: the server's own zone is no reader's, so it
 * draws dates in UTC; the app takes them over as drawn (the same text, or it would throw the page
 * away near midnight), then draws them again in the reader's zone (React does so by itself when
 * the server's snapshot and the browser's differ).
 */
export function useFormatDate(): typeof formatDate {
  const drawnByServer = useSyncExternalStore(unchanging, () => false, () => true);
  return drawnByServer ? formatDateUtc : formatDate;
}
