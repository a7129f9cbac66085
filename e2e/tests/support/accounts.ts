import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { API_BASE, api, signRequest, STORAGE_KEYS } from '@simshop/contract';

/**
 * The newest 6-digit code in the server's outbox folder (`mail` or `sms`) of a message that
 * `matches`: the server writes each message there as a JSON file.
 */
export async function codeInOutbox(kind: 'mail' | 'sms', matches: (message: { to: string; text: string; iccid?: string }) => boolean, what: string, timeoutMs = 10_000): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'outbox', kind);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort().reverse();
    } catch {
      files = [];
    }
    for (const file of files) {
      const message = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string; text: string; iccid?: string };
      if (matches(message)) return /\b(\d{6})\b/.exec(message.text)![1]!;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code was ${what}`);
}

/** The newest 6-digit code delivered to an address. */
export function codeSentTo(to: string, timeoutMs = 10_000): Promise<string> {
  return codeInOutbox(to.includes('@') ? 'mail' : 'sms', (m) => m.to === to, `delivered to ${to}`, timeoutMs);
}

/** A signed API call from the test, as the web client makes it. */
export async function apiCall(page: Page, path: string, action: string, body: unknown, token?: string): Promise<{ code: number; data: unknown }> {
  const query = `action=${action}`;
  const json = JSON.stringify(body);
  const headers = signRequest({ certificate: 'web', secret: 'simshop-dev-signing-secret' }, { query, body: json, token });
  const res = await page.request.post(`${API_BASE}${path}?${query}`, { headers: { ...headers, 'content-type': 'application/json' }, data: json });
  return (await res.json()) as { code: number; data: unknown };
}

/** Signs a demo account in through the API and stores the session the way the app does. */
export async function signInAs(page: Page, account: string, password = 'demo1234', reseller = false): Promise<string> {
  const res = await apiCall(page, reseller ? api.resellerLogin.path : api.login.path, 'password', { account, password });
  const login = res.data as { token: string; data: unknown; total: { cart: number }; reseller: boolean };
  await page.evaluate(
    ([keys, l]) => {
      localStorage.setItem(keys.token, JSON.stringify(l.token));
      localStorage.setItem(keys.userInfo, JSON.stringify(l.data));
      localStorage.setItem(`${keys.userInfo}.reseller`, JSON.stringify(l.reseller));
      localStorage.setItem(keys.totalInfo, JSON.stringify(l.total));
    },
    [STORAGE_KEYS, login] as const,
  );
  return login.token;
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
