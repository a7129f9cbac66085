import { expect, type Locator, type Page } from '@playwright/test';
import { adminApi, API_BASE, signRequest, type AdminEndpointName, type StaffRole } from '@simshop/contract';

/** The console is desktop-first: its journeys run at 1440 px. */
export const CONSOLE_VIEWPORT = { width: 1440, height: 900 };
export const consoleUrl = (path = '') => `/console/${path.replace(/^\//, '')}`;

/**
 * Signs a demo staff member in, in the language asked for (the console keeps its choice in
 * localStorage; the session is the admin API's HttpOnly cookie, which the answer sets in this
 * browser context), without loading the console: a journey that prepares data through the admin
 * API first opens its page afterwards. The sign-in is the API's, as the sign-in page would make
 * it: the page itself is a journey of its own (console-staff.spec.ts).
 */
export async function consoleSession(page: Page, role: StaffRole, lang: 'en' | 'zh-Hans' = 'en'): Promise<void> {
  await page.setViewportSize(CONSOLE_VIEWPORT);
  // A small file of the console's origin, so its localStorage can be written before the app starts.
  await page.goto(consoleUrl('favicon.svg'));
  const json = JSON.stringify({ account: `${role}@simshop.local`, password: 'demo1234' });
  const query = 'action=login';
  const headers = signRequest({ certificate: 'web', secret: 'simshop-dev-signing-secret' }, { query, body: json });
  const res = await page.request.post(`${API_BASE}${adminApi.adminAuth.path}?${query}`, { headers: { ...headers, 'content-type': 'application/json' }, data: json });
  const login = (await res.json()) as { code: number; data: { token: string } };
  expect(login.code, JSON.stringify(login)).toBe(0);
  await page.evaluate((l) => {
    localStorage.setItem('simshop.console.signed-in', '1');
    localStorage.setItem('simshop.console.language', l);
  }, lang);
}

/**
 * Signs a demo staff member in (consoleSession) and opens the console's home, or `path` instead,
 * so a journey that starts there skips loading the dashboard first (a load costs about a core-second).
 */
export async function consoleSignIn(page: Page, role: StaffRole, lang: 'en' | 'zh-Hans' = 'en', path = ''): Promise<void> {
  await consoleSession(page, role, lang);
  await page.goto(consoleUrl(path));
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Opens another console page inside the console already loaded, as its menu does (no reload):
 * the address goes into the history and the router follows it. Waits until the tables shown
 * before are gone, so the rows the caller waits for next are the new page's (a list of the same
 * route under other parameters keeps its table: open another route between them).
 */
export async function consoleGo(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    for (const table of document.querySelectorAll('main .ant-table-wrapper')) table.setAttribute('data-left', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, consoleUrl(path));
  await expect(page.locator('[data-left]')).toHaveCount(0);
}

// The axe-core check is shared with the shop's journeys.
export { expectAccessible } from './axe';

/** A signed admin call with the staff session the browser holds (its cookie), e.g. to put back what a journey changed. */
export async function consoleApi<E extends AdminEndpointName>(page: Page, endpoint: E, action: string, body: unknown): Promise<{ code: number; data: unknown }> {
  const query = `action=${action}`;
  const json = JSON.stringify(body);
  const headers = signRequest({ certificate: 'web', secret: 'simshop-dev-signing-secret' }, { query, body: json });
  const res = await page.request.post(`${API_BASE}${adminApi[endpoint].path}?${query}`, { headers: { ...headers, 'content-type': 'application/json', 'x-simshop-console': '1' }, data: json });
  return (await res.json()) as { code: number; data: unknown };
}

/**
 * Searches a console list by a key and waits for the answer: until it lands the table still shows
 * the unfiltered page, whose rows move when it does, so nothing in the table is pressed before
 * every row left holds the key. Returns those rows.
 */
export async function searchList(page: Page, searchLabel: string, key: string): Promise<Locator> {
  const search = page.getByLabel(searchLabel);
  await search.fill(key);
  await search.press('Enter');
  const rows = page.getByRole('rowgroup').last().getByRole('row');
  await expect(rows.filter({ hasNotText: key })).toHaveCount(0);
  return rows.filter({ hasText: key });
}

/** Opens a row's page (a product, a customer) from a console list searched by its key. */
export async function openFromSearch(page: Page, searchLabel: string, key: string): Promise<string> {
  const link = (await searchList(page, searchLabel, key)).getByRole('link').first();
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  return href;
}
