/**
 * The address (filters, sort, page) each list page was last seen with, for this tab: a detail
 * page steps through "the list the staff member came from" and leads back to it as it was. Kept
 * in sessionStorage so a reload of the detail page keeps it; another tab has its own.
 */
const KEY = 'simshop.console.list:';

/** `pathname` is the list's own, e.g. `/orders`; the answer is its search string ('' when never seen). */
export function readListAddress(pathname: string): string {
  try {
    return sessionStorage.getItem(KEY + pathname) ?? '';
  } catch {
    return '';
  }
}

export function writeListAddress(pathname: string, search: string): void {
  try {
    sessionStorage.setItem(KEY + pathname, search);
  } catch {
    // Storage refused (private mode, quota): stepping through the list then starts from its first page.
  }
}

/** A list page is one path segment below the console (`/orders`, `/customers`); its details are two. */
export const isListPath = (pathname: string): boolean => /^\/[^/]+$/.test(pathname);
