import { z } from 'zod';
import { i18nField } from './catalogue.ts';

/**
 * Physical stores: where to buy a SIM card, get help with an eSIM or collect an
 * order. Opening hours are written per weekday in the store's own time zone; whether a store is
 * open is computed from them here (`storeOpenState`), so the shop and the tests share one rule.
 * The shop sorts by distance in the browser (`distanceKm`): a visitor's location never leaves it.
 */
export const STORE_SERVICES = ['sim_sales', 'esim_help', 'parcel_pickup'] as const;
export const storeServiceSchema = z.enum(STORE_SERVICES);
export type StoreService = z.infer<typeof storeServiceSchema>;

/** Monday first, like ISO weekdays; index 6 is Sunday. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const CLOSE = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
/**
 * One opening of a day. A closing time at or before the opening time runs past midnight (a bar
 * open 18:00–02:00 is written on the day it opens); `00:00`–`24:00` is the whole day.
 */
export const openingSchema = z.object({ open: z.string().regex(TIME, 'validation.invalid'), close: z.string().regex(CLOSE, 'validation.invalid') });
export type Opening = z.infer<typeof openingSchema>;
/** Seven days, Monday first; an empty day is closed. */
export const weeklyHoursSchema = z.array(z.array(openingSchema).max(3)).length(7);
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

export const storeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  phone: z.string(),
  timeZone: z.string(),
  hours: weeklyHoursSchema,
  lat: z.number(),
  lng: z.number(),
  services: z.array(storeServiceSchema),
  /** A media library picture of the store (`media:<key>`, drawn through `mediaSources`); null: none. */
  picture: z.string().nullable(),
});
export type Store = z.infer<typeof storeSchema>;

export const storeListRequest = z.object({
  i18n: i18nField,
  pickup: z.boolean().optional(),
  /** This merchant's stores (checkout's pickup for its order); the platform's when absent. */
  merchantId: z.number().int().positive().max(2_147_483_647).optional(),
});
export const storeListResponse = z.object({ items: z.array(storeSchema) });
export const storeDetailRequest = z.object({ id: z.number().int().positive().max(2_147_483_647), i18n: i18nField });

// --- open now ---

const DAY = 1440;
const WEEK = 7 * DAY;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The weekday (0 = Monday) and minute of the day at `at` in a time zone. */
export function localWeekMinute(at: Date, timeZone: string): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday'));
  return { day, minute: (Number(get('hour')) % 24) * 60 + Number(get('minute')) };
}

/** Every opening as [start, end) minutes of the week from Monday 00:00; overnight ones run into the next day. */
function weekIntervals(hours: WeeklyHours): [number, number][] {
  const out: [number, number][] = [];
  hours.forEach((day, d) => {
    for (const o of day) {
      const start = d * DAY + minutes(o.open);
      let end = d * DAY + minutes(o.close);
      if (end <= start) end += DAY;
      out.push([start, end]);
    }
  });
  return out.sort((a, b) => a[0] - b[0]);
}

/** A moment of the store's week: the weekday (0 = Monday), `HH:MM`, and how many days from today. */
export interface StoreMoment {
  day: number;
  time: string;
  inDays: number;
}

export type StoreOpenState =
  | { open: true; /** null: never closes (open all week round). */ closes: StoreMoment | null }
  | { open: false; /** null: no opening hours at all. */ opens: StoreMoment | null };

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * Whether a store is open at `at`, in its own time zone, and when that changes. Openings that
 * touch (Monday to 24:00, Tuesday from 00:00) count as one, so an all-night store does not
 * "close" at midnight.
 */
export function storeOpenState(hours: WeeklyHours, timeZone: string, at: Date): StoreOpenState {
  const { day, minute } = localWeekMinute(at, timeZone);
  const now = day * DAY + minute;
  // The week repeated three times, so overnight openings of Sunday and chains across the week end are seen.
  const base = weekIntervals(hours);
  const all = [-WEEK, 0, WEEK].flatMap((shift) => base.map(([s, e]): [number, number] => [s + shift, e + shift]));
  // Merge touching or overlapping openings.
  const merged: [number, number][] = [];
  for (const [s, e] of all) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  const moment = (at: number): StoreMoment => ({ day: (((Math.floor(at / DAY) % 7) + 7) % 7), time: hhmm(((at % DAY) + DAY) % DAY), inDays: Math.floor(at / DAY) - day });
  const current = merged.find(([s, e]) => s <= now && now < e);
  if (current) return { open: true, closes: current[1] - current[0] >= 2 * WEEK ? null : moment(current[1]) };
  const next = merged.find(([s]) => s > now);
  return { open: false, opens: next ? moment(next[0]) : null };
}

// --- where ---

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Links that open a store in a maps app: `geo:` for the phone's own app, and a web map for everything else. */
export function storeMapLinks(store: { name: string; lat: number; lng: number }): { geo: string; web: string } {
  const at = `${store.lat},${store.lng}`;
  return {
    geo: `geo:${at}?q=${at}(${encodeURIComponent(store.name)})`,
    web: `https://www.openstreetmap.org/?mlat=${store.lat}&mlon=${store.lng}#map=17/${store.lat}/${store.lng}`,
  };
}
