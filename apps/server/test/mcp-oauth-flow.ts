import { createHash, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { expect } from 'vitest';
import { solveProof } from '../src/modules/accounts/proof-of-work.ts';

/**
 * An assistant and a customer's browser going through the shop's OAuth consent, for the MCP
 * tests: the SDK's own OAuth client (found from the 401, registered, code with PKCE) or a plain
 * registration, the sign-in and consent pages posted as the browser would (with the daily
 * amount when `buy` is asked), and the SDK's MCP client with the token.
 */
export const REDIRECT = 'http://127.0.0.1:9/callback';
export const PASSWORD = 'Travel-2026!';

export interface Who {
  email: string;
  /** PASSWORD when not given. */
  password?: string;
  /** More fields of the sign-in form (a staff member's authenticator code), read when it is posted. */
  login?: () => Record<string, string>;
  /** Sign in with a code instead of the password: the proof of work solved, the code read from where it was sent. */
  code?: (account: string) => Promise<string>;
}
/** What the consent form sends besides its buttons: the daily amount for `buy`. */
export type ConsentForm = Record<string, string>;
/** What the consent page showed (and answered a refused form with). */
export interface Seen {
  consent?: string;
  refusedForm?: ConsentForm;
  refused?: string;
}

class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(pair!.slice(0, at));
      else this.cookies.set(pair!.slice(0, at), value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export function oauthFlow(base: () => string) {
  const clients: Client[] = [];

  async function browse(jar: Jar, url: string, init: { method?: string; form?: Record<string, string>; language?: string } = {}) {
    const res = await fetch(new URL(url, base()), {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'accept-language': init.language ?? 'en', ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    jar.take(res);
    return { status: res.status, location: res.headers.get('location'), text: await res.text() };
  }

  /** "Send me a code" as the page's script does it (the challenge's hidden fields solved), then the code's form. */
  async function signInWithCode(jar: Jar, path: string, page: string, account: string, codeOf: (account: string) => Promise<string>) {
    const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '';
    const sent = await browse(jar, `${path}/code`, { method: 'POST', form: { account, seedId: hidden('seedId'), solution: solveProof(hidden('nonce'), Number(hidden('difficulty'))) } });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.text).toContain('name="code"');
    return browse(jar, `${path}/code-login`, { method: 'POST', form: { account, code: await codeOf(account) } });
  }

  /**
   * From the authorization address to the code: signs in, then answers the consent page with
   * `form`; with `seen.refusedForm`, first with that one, whose page (refused, 400) is kept in `seen.refused`.
   */
  async function walk(authorizeUrl: string, who: Who, form: ConsentForm, seen: Seen = {}): Promise<string> {
    const jar = new Jar();
    let step = await browse(jar, authorizeUrl);
    for (let hops = 0; hops < 10; hops += 1) {
      expect(step.status, step.text).toBeGreaterThanOrEqual(300);
      const location = step.location!;
      if (location.startsWith(REDIRECT)) return new URL(location).searchParams.get('code')!;
      if (!location.includes('/oauth/interaction/')) {
        step = await browse(jar, location);
        continue;
      }
      const page = await browse(jar, location);
      expect(page.status).toBe(200);
      const path = new URL(location, base()).pathname;
      if (page.text.includes('name="password"') && who.code) step = await signInWithCode(jar, path, page.text, who.email, who.code);
      else if (page.text.includes('name="password"')) step = await browse(jar, `${path}/login`, { method: 'POST', form: { account: who.email, password: who.password ?? PASSWORD, ...who.login?.() } });
      else {
        seen.consent = page.text;
        if (seen.refusedForm) {
          const refused = await browse(jar, `${path}/confirm`, { method: 'POST', form: seen.refusedForm });
          expect(refused.status).toBe(400);
          seen.refused = refused.text;
        }
        step = await browse(jar, `${path}/confirm`, { method: 'POST', form });
      }
    }
    throw new Error('the authorization did not end');
  }

  /** An access token approved by `who` for these scopes (a plain registration and PKCE). */
  async function tokenFor(who: Who, name: string, scope: string, form: ConsentForm = {}, seen: Seen = {}): Promise<string> {
    const res = await fetch(`${base()}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: name, redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }),
    });
    expect(res.status).toBe(201);
    const clientId = ((await res.json()) as { client_id: string }).client_id;
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const query = new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope, state: 's', code_challenge: challenge, code_challenge_method: 'S256', resource: `${base()}/mcp` });
    const code = await walk(`/oauth/authorize?${query}`, who, form, seen);
    const token = await fetch(`${base()}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: verifier, resource: `${base()}/mcp` }).toString(),
    });
    const body = (await token.json()) as { access_token?: string };
    expect(token.status, JSON.stringify(body)).toBe(200);
    return body.access_token!;
  }

  /** The SDK's MCP client with the SDK's own OAuth client: it is refused, sends the browser to consent, then finishes with the code. */
  async function sdkAssistant(who: Who, name: string, scope: string, form: ConsentForm, first: { tool: string; args: Record<string, unknown> }, seen: Seen = {}): Promise<Client> {
    const { tool: firstTool, args: firstArgs } = first;
    let sentTo: URL | null = null;
    const kept: { client?: OAuthClientInformationMixed; tokens?: OAuthTokens; verifier?: string } = {};
    const provider: OAuthClientProvider = {
      redirectUrl: REDIRECT,
      clientMetadata: { client_name: name, redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', scope },
      state: () => 'sdk-state',
      clientInformation: () => kept.client,
      saveClientInformation: (info) => void (kept.client = info),
      tokens: () => kept.tokens,
      saveTokens: (tokens) => void (kept.tokens = tokens),
      redirectToAuthorization: (url) => void (sentTo = url),
      saveCodeVerifier: (verifier) => void (kept.verifier = verifier),
      codeVerifier: () => kept.verifier!,
    };
    const transport = new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { authProvider: provider });
    const client = new Client({ name: 'simshop-purchase-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    // The SDK asks for the scope the refusal names (here `buy`, the first tool called).
    await expect(client.callTool({ name: firstTool, arguments: firstArgs })).rejects.toThrow(/Unauthorized/);
    expect(sentTo).not.toBeNull();
    await transport.finishAuth(await walk(sentTo!.href, who, form, seen));
    return client;
  }

  async function connect(accessToken: string): Promise<Client> {
    const client = new Client({ name: 'simshop-purchase-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${accessToken}` } } }));
    clients.push(client);
    return client;
  }

  const closeAll = () => Promise.all(clients.splice(0).map((c) => c.close()));
  return { tokenFor, sdkAssistant, connect, closeAll };
}

type Text = { type: string; text: string };
export const textOf = (result: unknown) => (result as { content: Text[] }).content.map((c) => c.text).join('\n');
