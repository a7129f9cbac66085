import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { API_BASE, api, leadingZeroBits, powMessage, signRequest, STORAGE_KEYS } from '@simshop/contract';

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
  const text = await res.text();
  try {
    return JSON.parse(text) as { code: number; data: unknown };
  } catch {
    // Say what came back instead of "Unexpected end of JSON input".
    throw new Error(`${path}?${query} answered ${res.status()} with ${JSON.stringify(text.slice(0, 200))}`);
  }
}

type LoginData = { token: string; data: unknown; total: { cart: number }; reseller: boolean };

/**
 * Keeps a session in the page's storage the way the app does after a sign-in. A page not yet on
 * the shop opens a small file of its origin first: its storage can be written without loading
 * the app, which the journey's own first page does then (a load costs about a core-second).
 */
async function storeSession(page: Page, login: LoginData): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('favicon.svg');
  await page.evaluate(
    ([keys, l]) => {
      localStorage.setItem(keys.token, JSON.stringify(l.token));
      localStorage.setItem(keys.userInfo, JSON.stringify(l.data));
      localStorage.setItem(`${keys.userInfo}.reseller`, JSON.stringify(l.reseller));
      localStorage.setItem(keys.totalInfo, JSON.stringify(l.total));
    },
    [STORAGE_KEYS, login] as const,
  );
}

/** Signs a demo account in through the API and stores the session the way the app does. */
export async function signInAs(page: Page, account: string, password = 'demo1234', reseller = false): Promise<string> {
  const res = await apiCall(page, reseller ? api.resellerLogin.path : api.login.path, 'password', { account, password });
  const login = res.data as LoginData;
  await storeSession(page, login);
  return login.token;
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Registers a new account through the API as the sign-up form does (proof of work, emailed code)
 * and stores its session: for a journey that changes its account for good, so that a retry
 * starts from a fresh one.
 */
export async function registerAndSignIn(page: Page, tag: string): Promise<{ account: string; token: string }> {
  const account = uniqueEmail(tag);
  const challenge = (await apiCall(page, api.seed.path, 'image_code', { purpose: 'register' })).data as { seedId: string; nonce: string; difficulty: number };
  let counter = 0;
  while (leadingZeroBits(createHash('sha256').update(powMessage(challenge.nonce, counter)).digest()) < challenge.difficulty) counter += 1;
  const sent = await apiCall(page, api.codeSend.path, 'send', { account, purpose: 'register', seedId: challenge.seedId, solution: String(counter) });
  if (sent.code !== 0) throw new Error(`no code was sent to ${account}: ${JSON.stringify(sent)}`);
  const code = await codeSentTo(account);
  const res = await apiCall(page, api.login.path, 'register', { account, code, password: 'demo1234' });
  if (res.code !== 0) throw new Error(`${account} was not registered: ${JSON.stringify(res)}`);
  await storeSession(page, res.data as LoginData);
  return { account, token: (res.data as LoginData).token };
}
