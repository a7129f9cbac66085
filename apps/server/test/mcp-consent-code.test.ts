import { MCP_TOOL_GROUPS } from '@simshop/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { solveProof } from '../src/modules/accounts/proof-of-work.ts';
import { useTestApp } from './harness.ts';
import { oauthFlow, REDIRECT, textOf } from './mcp-oauth-flow.ts';

/**
 * Password-less sign-in on the assistants' consent page: "send me a code" sends the shop's own
 * sign-in code (its proof of work, its limits), the code's page signs the customer in for the
 * approval, and the assistant's token works; a wrong code, or a post without the proof, is
 * refused on the page and sends nothing. The page's form posts driven as a browser sends them.
 */
const t = useTestApp();
let base: string;
const flow = oauthFlow(() => base);

beforeAll(async () => {
  base = await t.listen();
  const owner = (await t.staffSignIn('owner')).token;
  const now = (await t.call('adminMcp', 'get', {}, { token: owner })).body.data!;
  expect((await t.call('adminMcp', 'save', { version: now.updatedAt, enabled: true, groups: MCP_TOOL_GROUPS.map((group) => ({ group, enabled: group !== 'staff' })) }, { token: owner })).body.code).toBe(0);
});
afterEach(() => flow.closeAll());

async function customerEmail(): Promise<string> {
  const { userId } = await t.signIn();
  return (await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email!;
}

/** A registered assistant's authorization address, and a browser (cookies kept) at its sign-in page. */
async function atSignInPage() {
  const registered = await fetch(`${base}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Code Helper', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }) });
  const clientId = ((await registered.json()) as { client_id: string }).client_id;
  const query = new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'orders.read', state: 's', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', resource: `${base}/mcp` });
  let cookie = '';
  const go = async (url: string, form?: Record<string, string>) => {
    const res = await fetch(new URL(url, base), { method: form ? 'POST' : 'GET', redirect: 'manual', headers: { cookie, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) }, body: form ? new URLSearchParams(form).toString() : undefined });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (set.length) cookie = [...new Map([...cookie.split('; ').filter(Boolean), ...set].map((c) => [c.slice(0, c.indexOf('=')), c])).values()].join('; ');
    return { status: res.status, location: res.headers.get('location'), text: await res.text(), headers: res.headers };
  };
  const first = await go(`/oauth/authorize?${query}`);
  const path = new URL(first.location!, base).pathname;
  const page = await go(path);
  return { go, path, page };
}

const hidden = (page: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '';

describe('a sign-in code on the consent page', () => {
  it('signs the customer in with an emailed code; the assistant\'s token then works', async () => {
    const email = await customerEmail();
    const client = await flow.connect(await flow.tokenFor({ email, code: (account) => t.lastCode(account) }, 'Code Helper', 'orders.read'));
    const orders = await client.callTool({ name: 'my_orders', arguments: {} });
    expect(orders.isError).toBeFalsy();
    expect(textOf(orders)).toMatch(/order/i);
  });

  it('the sign-in page offers the code with its challenge and the shop\'s script, which the page\'s policy allows', async () => {
    const { page } = await atSignInPage();
    expect(page.text).toContain('Send me a code');
    expect(hidden(page.text, 'seedId')).not.toBe('');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await fetch(`${base}/oauth/interaction/code-sign-in.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("crypto.subtle.digest('SHA-256'");
  });

  it('without the proof of work nothing is sent and the page says to use the password; a wrong code is refused on the code\'s page', async () => {
    const email = await customerEmail();
    const { go, path, page } = await atSignInPage();
    const unproven = await go(`${path}/code`, { account: email, seedId: hidden(page.text, 'seedId'), solution: '' });
    expect(unproven.status).toBe(400);
    expect(unproven.text).toContain('sign in with your password');
    expect(await t.db.selectFrom('verification_codes').select('id').where('target', '=', email).execute()).toHaveLength(0);

    // A new challenge came with the refusal: solved, the code goes out.
    const sent = await go(`${path}/code`, { account: email, seedId: hidden(unproven.text, 'seedId'), solution: solveProof(hidden(unproven.text, 'nonce'), Number(hidden(unproven.text, 'difficulty'))) });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('Enter your sign-in code');
    const code = await t.lastCode(email);
    const wrong = await go(`${path}/code-login`, { account: email, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('The code is incorrect or has expired');
    const right = await go(`${path}/code-login`, { account: email, code });
    expect(right.status).toBe(303);
  });
});
