import { z } from 'zod';
import { imageEntries } from './format.ts';

/**
 * Addresses staff and customers may put into content the shop then opens or draws. Browsers run
 * `javascript:` (and `data:`, `vbscript:`…) addresses, and a `//host` path leaves the shop, so
 * only http(s) addresses and paths inside the shop pass. Browsers drop tabs and line breaks
 * inside a scheme ("java\tscript:") and spaces before it, so those are refused outright.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F]/;
/** A URL scheme at the start (`javascript:`, `https:`). */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const HTTP_URL = /^https?:\/\/[^\s/?#\\]+(?:[/?#][^\s\\]*)?$/i;

/** An http(s) address with a host. */
export function isHttpUrl(value: string): boolean {
  return !CONTROL.test(value) && HTTP_URL.test(value);
}

/**
 * What a content link opens: a path in the shop (`/pages/goods/goods?id=3`, `pages/x`), a
 * shortcut name (`home`), or an http(s) address. Never another scheme or a `//host` path.
 */
export function isShopTarget(value: string): boolean {
  if (value !== value.trim() || CONTROL.test(value)) return false;
  if (SCHEME.test(value)) return isHttpUrl(value);
  return !/^[/\\]{2}/.test(value) && !value.includes('\\');
}

/** An image string (`folder:a,b`, SPEC §3) whose folder is no URL scheme the browser would act on. */
const SCHEME_FOLDERS = new Set(['javascript', 'vbscript', 'data', 'blob', 'file', 'about', 'filesystem', 'http', 'https', 'ftp', 'mailto']);
const PATH_ENTRY = /^[A-Za-z0-9_.~-]+(?:\/[A-Za-z0-9_.~-]+)*$/;

/**
 * A picture field's value (home banners, icons, merchant logos): an image string of stored files
 * (`demo:banner.webp`, `products/<id>`), a path from the site root (`/media/…`), or an http(s)
 * address. Not `data:`, `javascript:` or a `//host` address.
 */
export function isSafeImageString(value: string): boolean {
  if (value !== value.trim() || CONTROL.test(value) || value === '') return false;
  if (value.startsWith('/')) return !/^[/\\]{2}/.test(value) && !value.includes('\\') && !/\s/.test(value);
  const folder = /^([^,:]*):(?!\/\/)/.exec(value)?.[1];
  if (folder !== undefined && (SCHEME_FOLDERS.has(folder.trim().toLowerCase()) || !/^[A-Za-z0-9_./-]*$/.test(folder))) return false;
  const entries = imageEntries(value);
  return entries.length > 0 && entries.every((e) => isHttpUrl(e) || (PATH_ENTRY.test(e) && !e.split('/').includes('..')));
}

/** The host of an absolute image entry (lowercase), or null for a stored file's path. */
export function imageHostOf(entry: string): string | null {
  if (!/^https?:\/\//i.test(entry)) return null;
  try {
    return new URL(entry).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** Zod: a content link's target (see isShopTarget). */
export const shopTargetSchema = z.string().trim().min(1).max(1000).refine(isShopTarget, 'validation.invalid');
/** Zod: an http(s) address. */
export const httpUrlSchema = z.string().trim().max(1000).refine(isHttpUrl, 'validation.url');
/** Zod: a picture field's value (see isSafeImageString). */
export const safeImageStringSchema = (max: number) => z.string().trim().min(1).max(max).refine(isSafeImageString, 'validation.image');
