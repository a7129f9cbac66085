/**
 * Where the address picker (the book opened with `select=1&redirect=...`) returns once an
 * address is chosen or added: `redirect` with `addressId`, and only to one of the shop's own
 * pages; null for any other redirect.
 */
export function pickedAddressHref(redirect: string, id: number): string | null {
  if (!redirect.startsWith('/pages/')) return null;
  const url = new URL(redirect, 'http://x');
  url.searchParams.set('addressId', String(id));
  return `${url.pathname}${url.search}`;
}
