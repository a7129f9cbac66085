import { expect, type Page } from '@playwright/test';
import { adminApi, API_BASE, signRequest, type AdminEndpointName, type StaffRole } from '@simshop/contract';

/** The console is desktop-first: its journeys run at 1440 px. */
export const CONSOLE_VIEWPORT = { width: 1440, height: 900 };
export const consoleUrl = (path = '') => `/console/${path.replace(/^\//, '')}`;

/**
 * Signs a demo staff member in through the console's own sign-in page, in the language asked
 * for (the console keeps its choice in localStorage).
 */
export async function consoleSignIn(page: Page, role: StaffRole, lang: 'en' | 'zh-Hans' = 'en'): Promise<void> {
  await page.setViewportSize(CONSOLE_VIEWPORT);
  await page.goto(consoleUrl('login'));
  await page.evaluate((l) => localStorage.setItem('simshop.console.language', l), lang);
  await page.reload();
  await page.getByLabel(lang === 'en' ? 'Email' : '邮箱').fill(`${role}@simshop.local`);
  await page.getByLabel(lang === 'en' ? 'Password' : '密码', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: lang === 'en' ? 'Sign in' : /登\s*录/ }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

// The axe-core check is shared with the shop's journeys.
export { expectAccessible } from './axe';

/** A signed admin call with the staff session the page holds, e.g. to put back what a journey changed. */
export async function consoleApi<E extends AdminEndpointName>(page: Page, endpoint: E, action: string, body: unknown): Promise<{ code: number; data: unknown }> {
  const token = await page.evaluate(() => localStorage.getItem('simshop.console.token') ?? '');
  const query = `action=${action}`;
  const json = JSON.stringify(body);
  const headers = signRequest({ certificate: 'web', secret: 'simshop-dev-signing-secret' }, { query, body: json, token });
  const res = await page.request.post(`${API_BASE}${adminApi[endpoint].path}?${query}`, { headers: { ...headers, 'content-type': 'application/json' }, data: json });
  return (await res.json()) as { code: number; data: unknown };
}
