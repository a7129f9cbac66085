import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
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

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core (WCAG 2.x A and AA rules) in the page and fails on any serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  // Evaluated through the devtools protocol: the console's Content-Security-Policy forbids inline scripts, rightly.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  });
  expect(violations, violations.join('\n')).toEqual([]);
}

/** A signed admin call with the staff session the page holds, e.g. to put back what a journey changed. */
export async function consoleApi<E extends AdminEndpointName>(page: Page, endpoint: E, action: string, body: unknown): Promise<{ code: number; data: unknown }> {
  const token = await page.evaluate(() => localStorage.getItem('simshop.console.token') ?? '');
  const query = `action=${action}`;
  const json = JSON.stringify(body);
  const headers = signRequest({ certificate: 'web', secret: 'simshop-dev-signing-secret' }, { query, body: json, token });
  const res = await page.request.post(`${API_BASE}${adminApi[endpoint].path}?${query}`, { headers: { ...headers, 'content-type': 'application/json' }, data: json });
  return (await res.json()) as { code: number; data: unknown };
}
