import { MCP_TOOL_GROUPS, OrderStatus, serverErrors, type StaffRole } from '@simshop/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/password.ts';
import { newTotpSecret, totpCodeAt, totpStep } from '../src/lib/totp.ts';
import { useTestApp } from './harness.ts';
import { oauthFlow, PASSWORD, textOf } from './mcp-oauth-flow.ts';
import { newMerchant } from './second-merchant.ts';

/**
 * The staff tools through the official SDK's client, with a staff member's approval on the
 * same consent page (their console account, its authenticator code): what each tool answers,
 * the role's permissions (finance cannot read a customer's messages, so not their history), a
 * merchant's staff seeing only their merchant's orders, and the note's audit row naming the
 * assistant. Both engines (DATABASE_URL for PostgreSQL).
 */
const t = useTestApp();
let base: string;
const flow = oauthFlow(() => base);

let merchantA: number;
let orderOfA: string;
let platformOrder: string;
let customerEmail: string;
let owner: { email: string; secret: string };

async function member(email: string, role: StaffRole, options: { merchantId?: number; totp?: boolean } = {}) {
  const now = Date.now();
  const secret = options.totp ? newTotpSecret() : null;
  await t.db
    .insertInto('staff')
    .values({ email, name: email.split('@')[0]!, role, password_hash: await hashPassword(PASSWORD), totp_secret: secret, totp_pending_secret: null, totp_last_step: null, status: 'active', last_sign_in_at: null, created_at: now, updated_at: now, merchant_id: options.merchantId ?? null, must_change_password: 0 })
    .execute();
  return { email, secret: secret ?? '' };
}

beforeAll(async () => {
  base = await t.listen();
  const ownerToken = (await t.staffSignIn('owner')).token;
  const now = (await t.call('adminMcp', 'get', {}, { token: ownerToken })).body.data!;
  expect((await t.call('adminMcp', 'save', { version: now.updatedAt, enabled: true, groups: MCP_TOOL_GROUPS.map((group) => ({ group, enabled: true })) }, { token: ownerToken })).body.code).toBe(0);
  const { userId, token } = await t.signIn();
  customerEmail = (await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email!;
  merchantA = await newMerchant(t, 'Harbour SIMs', '港湾电话卡', 1000);
  // A's paid eSIM order still waiting for its issuing, and the platform's refund request.
  orderOfA = await t.buy(token, 'NOMAD-JP-3G', 1);
  await t.db.updateTable('orders').set({ merchant_id: merchantA, status: OrderStatus.paid, paid_at: Date.now() }).where('order_no', '=', orderOfA).execute();
  platformOrder = await t.buy(token, 'NOMAD-JP-3G', 1);
  await t.db.updateTable('orders').set({ status: OrderStatus.toBeRefunded, paid_at: Date.now() }).where('order_no', '=', platformOrder).execute();
  owner = await member('head@simshop.local', 'owner', { totp: true });
  await member('money@simshop.local', 'finance');
  await member('harbour@simshop.local', 'operator', { merchantId: merchantA });
});
afterEach(() => flow.closeAll());

describe('staff tools', () => {
  it('a staff member approves on the consent page with their console account and code; the tools answer within their role and the note is audited with the assistant', async () => {
    const who = { email: owner.email, login: () => ({ totp: totpCodeAt(owner.secret, totpStep(Date.now())) }) };
    const seen: { consent?: string } = {};
    // The SDK's own OAuth client asks for the scope the refusal names (staff.read).
    const client = await flow.sdkAssistant(who, 'Desk Helper', 'staff.read', {}, { tool: 'orders_needing_action', args: {} }, seen);
    expect(seen.consent).toContain('head@simshop.local');
    expect(seen.consent).toContain('console role');

    const tools = (await client.listTools()).tools.map((x) => x.name);
    expect(tools).toEqual(expect.arrayContaining(['orders_needing_action', 'customer_history', 'sales_figures', 'add_order_note']));

    const queues = await client.callTool({ name: 'orders_needing_action', arguments: {} });
    expect(queues.isError).toBeFalsy();
    expect(textOf(queues)).toContain(orderOfA);
    expect(textOf(queues)).toContain(platformOrder);
    expect(textOf(queues)).toMatch(/Refunds to decide: 1 request/);

    const history = await client.callTool({ name: 'customer_history', arguments: { orderNo: platformOrder, language: 'zh-Hans' } });
    expect(history.isError).toBeFalsy();
    expect(textOf(history)).toContain(customerEmail);
    expect(textOf(history)).toContain('最近的订单');

    const today = new Date().toISOString().slice(0, 10);
    const sales = await client.callTool({ name: 'sales_figures', arguments: { from: today, to: today } });
    expect(sales.isError).toBeFalsy();
    expect(textOf(sales)).toContain(`Sales from ${today} to ${today}`);

    // Writing needs an approval with staff.write too.
    await expect(client.callTool({ name: 'add_order_note', arguments: { orderNo: platformOrder, text: 'x' } })).rejects.toThrow(/403/);
    // A code is good once: the next time step's (the console accepts one step ahead).
    const again = { email: owner.email, login: () => ({ totp: totpCodeAt(owner.secret, totpStep(Date.now()) + 1) }) };
    const writer = await flow.connect(await flow.tokenFor(again, 'Desk Helper', 'staff.read staff.write'));
    const note = await writer.callTool({ name: 'add_order_note', arguments: { orderNo: platformOrder, text: 'Customer called: refund is fine.' } });
    expect(note.isError, textOf(note)).toBeFalsy();
    const audit = await t.auditOf('order', platformOrder);
    expect(audit.at(-1)).toMatchObject({ action: 'order.note', actor: 'head@simshop.local (assistant "Desk Helper")' });
    expect(audit.at(-1)!.staff_id).not.toBeNull();
    const calls = await t.db.selectFrom('mcp_staff_tool_calls').select(['tool', 'client_name', 'ok']).orderBy('id').execute();
    expect(calls.map((c) => c.tool)).toEqual(expect.arrayContaining(['orders_needing_action', 'customer_history', 'sales_figures', 'add_order_note']));
    expect(calls.every((c) => c.client_name === 'Desk Helper')).toBe(true);
  });

  it('a wrong authenticator code is refused on the consent page like the console refuses it', async () => {
    const wrong = totpCodeAt(owner.secret, totpStep(Date.now()) + 5);
    await expect(flow.tokenFor({ email: owner.email, login: () => ({ totp: wrong }) }, 'Wrong Code', 'staff.read')).rejects.toThrow();
  });

  it('a role without the permission is refused with a clear error; read-only without the write scope', async () => {
    const client = await flow.connect(await flow.tokenFor({ email: 'money@simshop.local' }, 'Finance Helper', 'staff.read'));
    const history = await client.callTool({ name: 'customer_history', arguments: { account: customerEmail } });
    expect(history.isError).toBe(true);
    expect(textOf(history)).toBe('Your console role (finance) does not allow this: it needs the permission "messages.read". Ask the shop\'s owner.');
    const today = new Date().toISOString().slice(0, 10);
    expect((await client.callTool({ name: 'sales_figures', arguments: { from: today, to: today } })).isError).toBeFalsy();
    // The note needs the staff.write scope this approval does not carry: refused before any tool runs.
    await expect(client.callTool({ name: 'add_order_note', arguments: { orderNo: platformOrder, text: 'x' } })).rejects.toThrow();
  });

  it('a merchant\'s staff see only their merchant\'s orders, cannot note another\'s, and get no platform figures', async () => {
    const client = await flow.connect(await flow.tokenFor({ email: 'harbour@simshop.local' }, 'Harbour Helper', 'staff.read staff.write'));
    const queues = textOf(await client.callTool({ name: 'orders_needing_action', arguments: {} }));
    expect(queues).toContain(orderOfA);
    expect(queues).not.toContain(platformOrder);
    const other = await client.callTool({ name: 'add_order_note', arguments: { orderNo: platformOrder, text: 'Not mine.' } });
    expect(other.isError).toBe(true);
    expect(textOf(other)).toBe(`No order ${platformOrder} that you can see.`);
    expect((await t.auditOf('order', platformOrder)).filter((a) => a.actor.startsWith('harbour@'))).toHaveLength(0);
    const own = await client.callTool({ name: 'add_order_note', arguments: { orderNo: orderOfA, text: 'Ours.' } });
    expect(own.isError, textOf(own)).toBeFalsy();
    const today = new Date().toISOString().slice(0, 10);
    const sales = await client.callTool({ name: 'sales_figures', arguments: { from: today, to: today } });
    expect(textOf(sales)).toBe('This tool is for the platform\'s staff: a merchant\'s staff cannot use it.');
  });

  it('a customer\'s approval reaches no staff tool, and a staff approval no customer tool', async () => {
    const { userId } = await t.signIn();
    await t.db.updateTable('users').set({ password_hash: await hashPassword(PASSWORD) }).where('id', '=', userId).execute();
    const email = (await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email!;
    // A customer signing in for staff scopes: the page is the console's, so their shop password opens nothing.
    await expect(flow.tokenFor({ email }, 'Sneaky', 'staff.read')).rejects.toThrow();
    const staffClient = await flow.connect(await flow.tokenFor({ email: 'money@simshop.local' }, 'Finance Helper', 'staff.read'));
    await expect(staffClient.callTool({ name: 'my_orders', arguments: {} })).rejects.toThrow();
  });

  it("a member's approvals are on the console's account page; revoking one is audited and its token refused; another member's is not found", async () => {
    const token = await flow.tokenFor({ email: 'money@simshop.local' }, 'Ledger Bot', 'staff.read');
    const signIn = await t.call('adminAuth', 'login', { account: 'money@simshop.local', password: PASSWORD });
    const console = signIn.body.data!.token;
    const listed = (await t.call('adminAuth', 'assistants', {}, { token: console })).body.data!.items;
    const mine = listed.find((a) => a.name === 'Ledger Bot')!;
    expect(mine.scopes).toEqual(['staff.read']);

    // Another member (and a customer's approval list) does not reach it.
    const ownerToken = (await t.staffSignIn('owner')).token;
    expect((await t.call('adminAuth', 'assistants', {}, { token: ownerToken })).body.data!.items.map((a) => a.id)).not.toContain(mine.id);
    expect((await t.call('adminAuth', 'revoke_assistant', { id: mine.id }, { token: ownerToken })).body.code).toBe(serverErrors.notFound.code);
    const today = new Date().toISOString().slice(0, 10);
    const figures = { name: 'sales_figures', arguments: { from: today, to: today } };
    expect((await (await flow.connect(token)).callTool(figures)).isError).toBeFalsy();

    const revoked = await t.call('adminAuth', 'revoke_assistant', { id: mine.id }, { token: console });
    expect(revoked.body.code).toBe(0);
    expect(revoked.body.data!.items.map((a) => a.id)).not.toContain(mine.id);
    const staffId = (await t.db.selectFrom('staff').select('id').where('email', '=', 'money@simshop.local').executeTakeFirstOrThrow()).id;
    expect(await t.auditOf('staff', staffId)).toContainEqual(expect.objectContaining({ action: 'staff.revoke_assistant', actor: 'money@simshop.local', before_json: JSON.stringify({ assistant: 'Ledger Bot' }) }));
    await expect(flow.connect(token).then((c) => c.callTool(figures))).rejects.toThrow();
  });
});
