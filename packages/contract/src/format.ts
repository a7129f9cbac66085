import type { Currency } from './enums.ts';
import { MEDIA_DEFAULT_WIDTH, mediaKeyOfEntry, mediaKeysOf, mediaUrl } from './media.ts';

/** SPEC §9 display rules shared by the web app and server-rendered texts (emails, exports). */

/** Data volume in MB; from 10000 MB on it is shown in GB (÷1000, one decimal), as the spec says. */
export function formatVolume(mb: number): string {
  if (!Number.isFinite(mb)) return '0 MB';
  // Rounding on integers (tenths of a GB) avoids toFixed's binary half-way surprises.
  if (mb >= 10000) return `${(Math.round(mb / 100) / 10).toFixed(1)} GB`;
  return `${Number.isInteger(mb) ? mb : Math.round(mb * 10) / 10} MB`;
}

const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', CNY: '¥', RMB: '¥' };

/** USD → $, CNY or RMB → ¥; any other code is shown as itself. */
export function currencySymbol(currency: Currency | string): string {
  return SYMBOLS[currency.toUpperCase()] ?? currency;
}

/** Integer minor units → symbol and two decimals, e.g. 1999 USD → "$19.99", -500 CNY → "-¥5.00". */
export function formatMoney(minorUnits: number, currency: Currency | string): string {
  const units = Math.round(minorUnits);
  const abs = Math.abs(units);
  const amount = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  const symbol = currencySymbol(currency);
  // A bare code like "EUR" needs a space; a symbol does not.
  const prefix = /^[A-Za-z]+$/.test(symbol) ? `${symbol} ` : symbol;
  return `${units < 0 ? '-' : ''}${prefix}${amount}`;
}

const ABSOLUTE_URL = /^https?:\/\//i;

/**
 * The entries of an image string (SPEC §3 `folder:file1,file2`), each as a path below the static
 * host (`folder/file1`) or an absolute http(s) address. Joined with commas, the entries are an
 * image string again (without a folder), in the same order: the console edits images this way.
 */
export function imageEntries(value: string | null | undefined): string[] {
  if (!value) return [];
  // The folder separator is the first colon — unless it belongs to a URL scheme ("https://").
  const match = /^([^,:]*):(?!\/\/)(.*)$/s.exec(value);
  const folder = (match?.[1] ?? '').trim().replace(/^\/+|\/+$/g, '');
  const list = match ? (match[2] ?? '') : value;
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .map((name) => (ABSOLUTE_URL.test(name) ? name : folder ? `${folder}/${name.replace(/^\/+/, '')}` : name.replace(/^\/+/, '')));
}

/**
 * Image strings (SPEC §3) are `folder:file1,file2`; this returns absolute URLs under the static
 * host. Without a folder the files are at the root, and absolute http(s) entries pass through.
 * `media:<key>,…` names media library pictures (media.ts), answered as their addresses on the shop,
 * as does an entry `media/<key>` in a list of entries (a product's images).
 */
export function parseImageString(value: string | null | undefined, staticHost: string): string[] {
  // Media library pictures (`media:<key>`) are served by the shop itself at their default width.
  const media = mediaKeysOf(value);
  if (media.length > 0) return media.map((key) => mediaUrl(key, MEDIA_DEFAULT_WIDTH));
  const host = staticHost.replace(/\/+$/, '');
  return imageEntries(value).map((entry) => {
    if (ABSOLUTE_URL.test(entry)) return entry;
    // A list's `media/<key>` entry (a product's images) is a library picture too.
    const key = mediaKeyOfEntry(entry);
    return key ? mediaUrl(key, MEDIA_DEFAULT_WIDTH) : `${host}/${entry}`;
  });
}

/**
 * The address a picture field is drawn from: an address from the site root, data: or blob: as it
 * is, else the first entry of the image string under the static host. The shop's pictures and the
 * server's preload of a page's first picture both use it, so the browser fetches the same address.
 */
export function firstImageUrl(value: string | null | undefined, staticHost: string): string | undefined {
  if (!value) return undefined;
  if (/^(https?:|data:|blob:|\/)/i.test(value)) return value;
  return parseImageString(value, staticHost)[0];
}

/** The online payment provider's fee, shown to the customer (SPEC §9, DESIGN §4). */
export const SERVICE_FEE_PERCENT = 4.5;

/** round(amount × 4.5 %) in minor units, half away from zero, computed in integers. */
export function serviceFee(amountMinor: number): number {
  const basisPoints = Math.round(SERVICE_FEE_PERCENT * 100);
  const abs = Math.abs(Math.round(amountMinor));
  const fee = Math.floor((abs * basisPoints + 5000) / 10000);
  return amountMinor < 0 && fee > 0 ? -fee : fee;
}

/**
 * The one order total formula (DESIGN §4): goods, plus the parcel's freight and the payment
 * method's fee, less the coupon's discount. Every amount in minor units.
 */
export const orderTotal = (o: { subtotal: number; freight: number; serviceFee: number; discount: number }): number => o.subtotal + o.freight + o.serviceFee - o.discount;

/** Customer service hours (SPEC §9). */
export const WORK_HOURS = { days: 'Mon-Sat', open: '11:00', close: '19:00' } as const;
