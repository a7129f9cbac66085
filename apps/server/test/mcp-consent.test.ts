import { createHash, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { MCP_TOOL_GROUPS, serverErrors } from '@simshop/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/password.ts';
import { oauthJobs } from '../src/modules/oauth/oauth.jobs.ts';
import { useTestApp } from './harness.ts';

/**
 * Assistants' consent: the shop as an OAuth 2.1 authorization server for its MCP server, driven
 * over HTTP as an assistant and a browser would (discovery, dynamic registration, the sign-in
 * and consent pages, the code with PKCE exchanged for tokens), then the official SDK's client
 * calling the customer tools with the token; refusals without a token, with the wrong scope,
 * with another customer's eSIM, with a tampered PKCE verifier and after revoking in Mine.
 */
const t = useTestApp();
let base: string;
let owner: string;
const clients: Client[] = [];
const REDIRECT = 'http://127.0.0.1:9/callback';
const PASSWORD = 'Travel-2026!';

interface Customer {
  userId: number;
  token: string;
  email: string;
}
let alice: Customer;
let bob: Customer;

async function customer(): Promise<Customer> {
  const { userId, token } = await t.signIn();
  await t.db.updateTable('users').set({ password_hash: await hashPassword(PASSWORD) }).where('id', '=', userId).execute();
  const row = await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  return { userId, token, email: row.email! };
}

beforeAll(async () => {
  base = await t.listen();
  owner = (await t.staffSignIn('owner')).token;
  const now = (await t.call('adminMcp', 'get', {}, { token: owner })).body.data!;
  const saved = await t.call('adminMcp', 'save', { version: now.updatedAt, enabled: true, groups: MCP_TOOL_GROUPS.map((group) => ({ group, enabled: group === 'public' || group === 'customer' })) }, { token: owner });
  expect(saved.body.code).toBe(0);
  alice = await customer();
  bob = await customer();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

/** A browser's cookies for one origin (names only: every path here is under the shop). */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

async function browse(jar: Jar, url: string, init: { method?: string; form?: Record<string, string>; language?: string } = {}) {
  const res = await fetch(new URL(url, base), {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'accept-language': init.language ?? 'en', ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
  });
  jar.take(res);
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

async function register(name: string) {
  const res = await fetch(`${base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: name, redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { client_id: string; client_name: string };
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** Starts an authorization and returns where the browser is sent first. */
async function authorize(jar: Jar, clientId: string, scope: string, challenge: string, language = 'en') {
  const query = new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope, state: 'st-1', code_challenge: challenge, code_challenge_method: 'S256', resource: `${base}/mcp` });
  return browse(jar, `/oauth/authorize?${query}`, { language });
}

/** Follows the browser through sign-in and consent (approving) to the code the assistant gets back. */
async function approve(jar: Jar, clientId: string, scope: string, challenge: string, who: Customer): Promise<string> {
  return walk(jar, await authorize(jar, clientId, scope, challenge), who, 'st-1');
}

async function walk(jar: Jar, first: { status: number; location: string | null; text: string }, who: Customer, state: string): Promise<string> {
  let step = first;
  for (let hops = 0; hops < 10; hops += 1) {
    expect(step.status, step.text).toBeGreaterThanOrEqual(300);
    const location = step.location!;
    if (location.startsWith(REDIRECT)) {
      const url = new URL(location);
      expect(url.searchParams.get('state')).toBe(state);
      return url.searchParams.get('code')!;
    }
    if (!location.includes('/oauth/interaction/')) {
      step = await browse(jar, location);
      continue;
    }
    const page = await browse(jar, location);
    expect(page.status).toBe(200);
    const path = new URL(location, base).pathname;
    step = page.text.includes('name="password"') ? await browse(jar, `${path}/login`, { method: 'POST', form: { account: who.email, password: PASSWORD } }) : await browse(jar, `${path}/confirm`, { method: 'POST', form: {} });
  }
  throw new Error('the authorization did not end');
}

async function exchange(clientId: string, code: string, verifier: string) {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: verifier, resource: `${base}/mcp` }).toString(),
  });
  return { status: res.status, body: (await res.json()) as { access_token?: string; refresh_token?: string; expires_in?: number; scope?: string; token_type?: string; error?: string } };
}

async function refresh(clientId: string, refreshToken: string) {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, resource: `${base}/mcp` }).toString(),
  });
  return { status: res.status, body: (await res.json()) as { access_token?: string; refresh_token?: string; error?: string } };
}

async function tokenFor(who: Customer, name: string, scope: string) {
  const client = await register(name);
  const { verifier, challenge } = pkce();
  const code = await approve(new Jar(), client.client_id, scope, challenge, who);
  const token = await exchange(client.client_id, code, verifier);
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  return { clientId: client.client_id, ...token.body };
}

async function connect(accessToken?: string): Promise<Client> {
  const client = new Client({ name: 'simshop-consent-test', version: '1.0.0' });
  const headers: Record<string, string> = accessToken ? { authorization: `Bearer ${accessToken}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

type Text = { type: string; text: string };
const textOf = (result: unknown) => (result as { content: Text[] }).content.map((c) => c.text).join('\n');
const callTool = (accessToken: string | null, name: string, args: Record<string, unknown>) =>
  fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });

describe('assistants\' consent (OAuth 2.1 for the MCP server)', () => {
  it('publishes the authorization server\'s and the protected resource\'s metadata', async () => {
    const as = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(as).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(as.scopes_supported).toEqual(expect.arrayContaining(['esim.read', 'orders.read']));
    const pr = await fetch(`${base}/.well-known/oauth-protected-resource/mcp`);
    expect(await pr.json()).toEqual({ resource: `${base}/mcp`, authorization_servers: [base], scopes_supported: ['esim.read', 'orders.read', 'buy', 'reseller.read', 'staff.read', 'staff.write'], bearer_methods_supported: ['header'], resource_name: 'SimShop' });
  });

  it('a customer tool without a token answers 401 naming the resource metadata; public tools still work', async () => {
    const res = await callTool(null, 'my_esims', {});
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="esim.read"`);
    const client = await connect();
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['find_plans', 'my_esims', 'my_orders', 'why_no_data']));
    await expect(client.callTool({ name: 'my_orders', arguments: {} })).rejects.toMatchObject({ code: 401 });
    expect((await client.callTool({ name: 'shop_contact', arguments: {} })).isError).toBeFalsy();
    // A token nobody issued is refused whatever the tool.
    expect((await callTool('not-a-token', 'shop_contact', {})).headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('the sign-in and consent pages: the assistant\'s name, the scopes in words, both languages; a wrong password is refused', async () => {
    const client = await register('Trip Helper');
    const { challenge } = pkce();
    const jar = new Jar();
    const start = await authorize(jar, client.client_id, 'esim.read orders.read', challenge, 'zh-CN,zh;q=0.9');
    expect(start.status).toBe(303);
    const signIn = await browse(jar, start.location!, { language: 'zh-CN' });
    expect(signIn.text).toContain('<html lang="zh-Hans">');
    expect(signIn.text).toContain('Trip Helper');
    expect(signIn.text).toContain('登录 SimShop');
    const path = new URL(start.location!, base).pathname;
    const wrong = await browse(jar, `${path}/login`, { method: 'POST', form: { account: alice.email, password: 'nope', lang: 'en' } });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('The account or password is incorrect.');
    // Another browser (no interaction cookie) cannot post the form.
    expect((await browse(new Jar(), `${path}/login`, { method: 'POST', form: { account: alice.email, password: PASSWORD } })).status).toBe(404);
    const signedIn = await browse(jar, `${path}/login`, { method: 'POST', form: { account: alice.email, password: PASSWORD } });
    expect(signedIn.status).toBe(303);
    const resumed = await browse(jar, signedIn.location!);
    const consent = await browse(jar, resumed.location!);
    expect(consent.text).toContain('Allow this assistant?');
    expect(consent.text).toContain('Trip Helper');
    expect(consent.text).toContain('See your eSIMs: their state, data and days left');
    expect(consent.text).toContain('See your orders and their status');
    expect(consent.text).toContain(alice.email);
    const zh = await browse(jar, `${resumed.location!}?lang=zh-Hans`);
    expect(zh.text).toContain('查看您的订单及其状态');
    // Refusing sends the assistant access_denied.
    const refused = await browse(jar, `${new URL(resumed.location!, base).pathname}/abort`, { method: 'POST', form: {} });
    const back = await browse(jar, refused.location!);
    expect(new URL(back.location!).searchParams.get('error')).toBe('access_denied');
  });

  it('the full flow ends in a short-lived token and a refresh token; a tampered PKCE verifier is refused', async () => {
    const client = await register('Tamper Test');
    const { verifier, challenge } = pkce();
    const code = await approve(new Jar(), client.client_id, 'esim.read', challenge, alice);
    const tampered = await exchange(client.client_id, code, `${verifier.slice(0, -1)}${verifier.endsWith('A') ? 'B' : 'A'}`);
    expect(tampered.status).toBe(400);
    expect(tampered.body.error).toBe('invalid_grant');
    // Without PKCE there is no authorization at all.
    const query = new URLSearchParams({ client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', scope: 'esim.read', state: 'x' });
    const noPkce = await browse(new Jar(), `/oauth/authorize?${query}`);
    expect(new URL(noPkce.location!).searchParams.get('error')).toBe('invalid_request');
    const good = await tokenFor(alice, 'Token Test', 'esim.read orders.read');
    expect(good).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'esim.read orders.read' });
    expect(good.refresh_token).toBeTruthy();
    const renewed = await refresh(good.clientId, good.refresh_token!);
    expect(renewed.status).toBe(200);
    expect((await callTool(renewed.body.access_token!, 'my_orders', {})).status).toBe(200);
  });

  it('the SDK\'s client calls the customer tools as that customer only, each call recorded with the assistant\'s name', async () => {
    const orderNo = await t.buy(alice.token, 'ESIM-ASIA-5-7', 1);
    await t.drain();
    const bobOrder = await t.buy(bob.token, 'ESIM-ASIA-5-7', 1);
    await t.drain();
    const bobEsim = await t.db.selectFrom('esims').select('id').where('user_id', '=', bob.userId).executeTakeFirstOrThrow();
    const token = await tokenFor(alice, 'Trip Helper', 'esim.read orders.read');
    const client = await connect(token.access_token);
    const esims = await client.callTool({ name: 'my_esims', arguments: {} });
    const listed = (esims.structuredContent as { esims: { esimId: number; dataTotalMb: number | null }[] }).esims;
    expect(listed).toHaveLength(1);
    expect(listed[0]!.dataTotalMb).toBe(5000);
    expect(textOf(esims)).toMatch(/5 GB data left|5 GB\)/);
    expect(textOf(esims)).toMatch(/7 days left/);
    const orders = await client.callTool({ name: 'my_orders', arguments: { language: 'zh-Hans' } });
    expect(textOf(orders)).toContain(orderNo);
    expect(textOf(orders)).not.toContain(bobOrder);
    const checklist = await client.callTool({ name: 'why_no_data', arguments: { esimId: listed[0]!.esimId } });
    expect(checklist.isError).toBeFalsy();
    expect(textOf(checklist)).toContain('not installed yet');
    const others = await client.callTool({ name: 'why_no_data', arguments: { esimId: bobEsim.id } });
    expect(others.isError).toBe(true);
    expect(textOf(others)).toBe(`No eSIM #${bobEsim.id} in your account: use my_esims for your eSIMs' ids.`);
    const calls = await t.db.selectFrom('mcp_tool_calls').select(['client_name', 'tool', 'user_id', 'ok']).where('user_id', '=', alice.userId).where('client_name', '=', 'Trip Helper').orderBy('id').execute();
    expect(calls).toEqual([
      { client_name: 'Trip Helper', tool: 'my_esims', user_id: alice.userId, ok: 1 },
      { client_name: 'Trip Helper', tool: 'my_orders', user_id: alice.userId, ok: 1 },
      { client_name: 'Trip Helper', tool: 'why_no_data', user_id: alice.userId, ok: 1 },
      { client_name: 'Trip Helper', tool: 'why_no_data', user_id: alice.userId, ok: 0 },
    ]);
  });

  it('the SDK\'s own OAuth client finds the server from the 401, registers, and after the customer\'s approval calls the tools', async () => {
    // An assistant as the SDK makes one: it keeps what the SDK hands it and sends the browser to the authorization page.
    let sentTo: URL | null = null;
    const kept: { client?: OAuthClientInformationMixed; tokens?: OAuthTokens; verifier?: string } = {};
    const assistant: OAuthClientProvider = {
      redirectUrl: REDIRECT,
      clientMetadata: { client_name: 'SDK Assistant', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', scope: 'esim.read orders.read' },
      state: () => 'sdk-state',
      clientInformation: () => kept.client,
      saveClientInformation: (info) => void (kept.client = info),
      tokens: () => kept.tokens,
      saveTokens: (tokens) => void (kept.tokens = tokens),
      redirectToAuthorization: (url) => void (sentTo = url),
      saveCodeVerifier: (verifier) => void (kept.verifier = verifier),
      codeVerifier: () => kept.verifier!,
    };
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: assistant });
    const client = new Client({ name: 'sdk-assistant', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    await expect(client.callTool({ name: 'my_orders', arguments: {} })).rejects.toThrow(/Unauthorized/);
    expect(sentTo).not.toBeNull();
    expect(sentTo!.origin + sentTo!.pathname).toBe(`${base}/oauth/authorize`);
    expect(sentTo!.searchParams.get('code_challenge_method')).toBe('S256');
    expect(sentTo!.searchParams.get('resource')).toBe(`${base}/mcp`);
    const jar = new Jar();
    const code = await walk(jar, await browse(jar, sentTo!.href), bob, 'sdk-state');
    await transport.finishAuth(code);
    expect(kept.tokens).toMatchObject({ token_type: expect.stringMatching(/bearer/i), expires_in: 3600 });
    const orders = await client.callTool({ name: 'my_orders', arguments: {} });
    expect(orders.isError).toBeFalsy();
    expect(textOf(orders)).toMatch(/^Your newest orders \(1 of 1\):/);
    const calls = await t.db.selectFrom('mcp_tool_calls').select(['client_name', 'tool']).where('user_id', '=', bob.userId).where('client_name', '=', 'SDK Assistant').execute();
    expect(calls).toEqual([{ client_name: 'SDK Assistant', tool: 'my_orders' }]);
  });

  it('a token without the tool\'s scope is refused with insufficient_scope', async () => {
    const token = await tokenFor(bob, 'Orders Only', 'orders.read');
    const res = await callTool(token.access_token!, 'my_esims', {});
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="esim.read"');
    expect((await callTool(token.access_token!, 'my_orders', {})).status).toBe(200);
  });

  it('Mine lists the connected assistants; after revoking one its tokens are refused', async () => {
    const token = await tokenFor(alice, 'Revoke Me', 'esim.read');
    expect((await callTool(token.access_token!, 'my_esims', {})).status).toBe(200);
    const list = await t.call('assistant', 'list', {}, { token: alice.token });
    expect(list.body.code).toBe(0);
    const mine = list.body.data!.items.find((a) => a.name === 'Revoke Me')!;
    expect(mine).toMatchObject({ scopes: ['esim.read'] });
    expect(mine.lastUsedAt).toEqual(expect.any(Number));
    // Another customer cannot see or revoke it.
    expect((await t.call('assistant', 'list', {}, { token: bob.token })).body.data!.items.some((a) => a.id === mine.id)).toBe(false);
    expect((await t.call('assistant', 'revoke', { id: mine.id }, { token: bob.token })).body.code).toBe(serverErrors.notFound.code);
    const revoked = await t.call('assistant', 'revoke', { id: mine.id }, { token: alice.token });
    expect(revoked.body.data!.items.some((a) => a.id === mine.id)).toBe(false);
    const after = await callTool(token.access_token!, 'my_esims', {});
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect((await refresh(token.clientId, token.refresh_token!)).body.error).toBe('invalid_grant');
    // The console's security log says it in words: allowed, used, revoked.
    const events = await t.db.selectFrom('security_events').select(['kind', 'detail']).where('account', '=', `user #${alice.userId}`).where('detail', 'like', '"Revoke Me"%').orderBy('id').execute();
    expect(events).toEqual([
      { kind: 'assistant_approved', detail: '"Revoke Me" esim.read' },
      { kind: 'assistant_tool_called', detail: '"Revoke Me" my_esims' },
      { kind: 'assistant_revoked', detail: '"Revoke Me"' },
    ]);
  });

  it('the scheduled round forgets records a day after they expired', async () => {
    const now = Date.now();
    const row = (id: string, expiresAt: number | null) => ({ model: 'AccessToken', id, payload: '{}', grant_id: null, uid: null, user_code: null, account_id: null, client_id: null, expires_at: expiresAt, consumed_at: null });
    await t.db.insertInto('oauth_records').values([row('old', now - 25 * 3600_000), row('recent', now - 3600_000), row('kept', null)]).execute();
    for (const sweep of oauthJobs.sweeps!) await sweep(t.db, now);
    const left = await t.db.selectFrom('oauth_records').select('id').where('model', '=', 'AccessToken').where('id', 'in', ['old', 'recent', 'kept']).orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual(['kept', 'recent']);
  });

  it('is all switched off with the customer tools', async () => {
    const now = (await t.call('adminMcp', 'get', {}, { token: owner })).body.data!;
    await t.call('adminMcp', 'save', { version: now.updatedAt, enabled: true, groups: MCP_TOOL_GROUPS.map((group) => ({ group, enabled: group === 'public' })) }, { token: owner });
    expect((await fetch(`${base}/.well-known/oauth-authorization-server`)).status).toBe(404);
    expect((await fetch(`${base}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(404);
  });
});
