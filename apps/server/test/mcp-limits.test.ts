import { MCP_TOOL_GROUPS } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/password.ts';
import { mcpAccountLimit, mcpGrantLimit } from '../src/modules/mcp/mcp.routes.ts';
import { useTestApp } from './harness.ts';
import { oauthFlow, PASSWORD } from './mcp-oauth-flow.ts';

/**
 * The limit on all the assistants of one account together (customer or staff member): two
 * approvals of one account share it and are refused with the too-frequent JSON-RPC error once
 * their calls together pass it, while another account's assistant goes on. The account's counter
 * starts a few calls short of its limit (in the shared table, as if the assistants had been busy
 * this minute), so the test needs a handful of calls, not hundreds. Both engines (DATABASE_URL).
 */
const t = useTestApp();
let base = '';
const flow = oauthFlow(() => base);

beforeAll(async () => {
  base = await t.listen();
  const owner = (await t.staffSignIn('owner')).token;
  const now = (await t.call('adminMcp', 'get', {}, { token: owner })).body.data!;
  const saved = await t.call('adminMcp', 'save', { version: now.updatedAt, enabled: true, groups: MCP_TOOL_GROUPS.map((group) => ({ group, enabled: true })) }, { token: owner });
  expect(saved.body.code).toBe(0);
});

async function customer() {
  const { userId } = await t.signIn();
  await t.db.updateTable('users').set({ password_hash: await hashPassword(PASSWORD) }).where('id', '=', userId).execute();
  const email = (await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email!;
  return { userId, email };
}

/** One tool call with an assistant's token, over HTTP: the token is bound to the listening address's /mcp. */
let calls = 0;
async function call(token: string, name: string, args: Record<string, unknown> = {}) {
  calls += 1;
  const res = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: calls, method: 'tools/call', params: { name, arguments: args } }),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as unknown };
}

/** The account's assistants have made all but `left` of the calls its limit allows this minute. */
async function busy(holder: { userId: number } | { staffId: number }, left: number) {
  const { key, max } = mcpAccountLimit(holder);
  await t.db.insertInto('rate_limits').values({ key, window_start: Date.now(), count: max - left }).execute();
}

function expectRefused(res: Awaited<ReturnType<typeof call>>) {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(Number(res.retryAfter)).toBeGreaterThan(0);
  expect(res.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32029, message: expect.stringContaining('Too many requests'), data: { retryAfterSeconds: Number(res.retryAfter) } } });
}

describe('MCP limit per account', () => {
  it('two assistants of one customer together reach the account\'s limit; another customer\'s assistant is not held back', async () => {
    const ann = await customer();
    const first = await flow.tokenFor(ann, 'Phone Assistant', 'orders.read');
    const second = await flow.tokenFor(ann, 'Laptop Assistant', 'orders.read');
    await busy(ann, 3);
    expect((await call(first, 'my_orders')).status).toBe(200);
    expect((await call(second, 'my_orders')).status).toBe(200);
    expect((await call(first, 'my_orders')).status).toBe(200);
    // The limit is reached by both together: each approval alone is far below its own.
    expectRefused(await call(second, 'my_orders'));
    expectRefused(await call(first, 'my_orders'));
    const grants = await t.db.selectFrom('rate_limits').select(['key', 'count']).where('key', 'like', 'mcp:grant:%').execute();
    expect(Math.max(...grants.map((g) => g.count))).toBeLessThan(mcpGrantLimit('').max);

    const bob = await customer();
    expect((await call(await flow.tokenFor(bob, 'Bob\'s Assistant', 'orders.read'), 'my_orders')).status).toBe(200);
  });

  it('a staff member\'s assistants share their account\'s limit too', async () => {
    const now = Date.now();
    await t.db
      .insertInto('staff')
      .values({ email: 'desk@simshop.local', name: 'desk', role: 'operator', password_hash: await hashPassword(PASSWORD), totp_secret: null, totp_pending_secret: null, totp_last_step: null, status: 'active', last_sign_in_at: null, created_at: now, updated_at: now, merchant_id: null, must_change_password: 0 })
      .execute();
    const staffId = (await t.db.selectFrom('staff').select('id').where('email', '=', 'desk@simshop.local').executeTakeFirstOrThrow()).id;
    const first = await flow.tokenFor({ email: 'desk@simshop.local' }, 'Desk Helper', 'staff.read');
    const second = await flow.tokenFor({ email: 'desk@simshop.local' }, 'Queue Watcher', 'staff.read');
    await busy({ staffId }, 2);
    expect((await call(first, 'orders_needing_action')).status).toBe(200);
    expect((await call(second, 'orders_needing_action')).status).toBe(200);
    expectRefused(await call(first, 'orders_needing_action'));
    expectRefused(await call(second, 'orders_needing_action'));
  });
});
