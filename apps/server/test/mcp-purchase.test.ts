import { MCP_TOOL_GROUPS, Role, serverErrors } from '@simshop/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/password.ts';
import { mcpJobs } from '../src/modules/mcp/mcp.jobs.ts';
import { useTestApp } from './harness.ts';
import { oauthFlow, PASSWORD, textOf, type Seen } from './mcp-oauth-flow.ts';

/**
 * Buying through an assistant: the official SDK's client goes through the shop's OAuth consent
 * (the `buy` scope with a daily amount), previews a purchase (nothing written), confirms it
 * (one order paid from the balance, marked with the assistant's name in the console), and is
 * refused with the catalogue's errors: over the daily amount, after a price change, with
 * another customer's preview, and without the scope. Ten confirms of one preview at once make
 * one order.
 */
const t = useTestApp();
let base = '';
let owner: string;
const flow = oauthFlow(() => base);

interface Customer {
  userId: number;
  token: string;
  email: string;
}

async function customer(role: Role = Role.normal, balanceUsd: number | null = 5000): Promise<Customer> {
  const { userId, token } = await t.signIn(role);
  await t.db.updateTable('users').set({ password_hash: await hashPassword(PASSWORD) }).where('id', '=', userId).execute();
  if (balanceUsd !== null) await t.db.insertInto('balances').values({ user_id: userId, currency: 'USD', amount: balanceUsd, locked: 0, updated_at: Date.now() }).execute();
  const row = await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  return { userId, token, email: row.email! };
}

const balanceOf = async (userId: number) => (await t.db.selectFrom('balances').select('amount').where('user_id', '=', userId).where('currency', '=', 'USD').executeTakeFirstOrThrow()).amount;
const ordersOf = (userId: number) => t.db.selectFrom('orders').select(['order_no', 'placed_by_client', 'status', 'total']).where('user_id', '=', userId).orderBy('id').execute();
type Preview = { previewToken: string; total: number; currency: string; balanceBefore: number | null; balanceAfter: number | null; dailyAmount: number; spentToday: number; payable: boolean };
type Confirmed = { orderNo: string; status: string; total: number; balanceAfter: number | null; alreadyConfirmed: boolean };

beforeAll(async () => {
  base = await t.listen();
  owner = (await t.staffSignIn('owner')).token;
  const now = (await t.call('adminMcp', 'get', {}, { token: owner })).body.data!;
  const saved = await t.call('adminMcp', 'save', { version: now.updatedAt, enabled: true, groups: MCP_TOOL_GROUPS.map((group) => ({ group, enabled: group !== 'staff' })) }, { token: owner });
  expect(saved.body.code).toBe(0);
});
afterEach(async () => {
  await flow.closeAll();
  // Every test here calls from the one loopback address: each starts with the address's allowance (tested in mcp.test.ts).
  await t.db.deleteFrom('rate_limits').where('key', 'like', 'mcp:%').execute();
});

describe('buying through an assistant (preview, then confirm)', () => {
  it('the SDK\'s client previews and confirms a purchase paid from the balance; the order is marked with the assistant; a second confirm buys nothing', async () => {
    const alice = await customer();
    const sku = await t.sku('ESIM-ASIA-5-7');
    const seen: { consent?: string } = {};
    const client = await flow.sdkAssistant(alice, 'Trip Buyer', 'buy', { dailyAmount: '25', currency: 'USD' }, { tool: 'confirm_purchase', args: { previewToken: 'pv_not-one-yet' } }, seen);
    // The consent page asked for the amount a day, in words.
    expect(seen.consent).toContain('Buy plans, top-ups and ECodes for you, paid from your balance, up to an amount a day you choose');
    expect(seen.consent).toContain('name="dailyAmount"');

    const preview = await client.callTool({ name: 'preview_purchase', arguments: { skuId: sku.id } });
    expect(preview.isError).toBeFalsy();
    const shown = preview.structuredContent as Preview;
    expect(shown).toMatchObject({ total: 990, currency: 'USD', balanceBefore: 5000, balanceAfter: 4010, dailyAmount: 2500, spentToday: 0, payable: true });
    expect(textOf(preview)).toContain('total 9.90 US dollars, paid from the balance');
    expect(textOf(preview)).toContain('Balance 50.00 US dollars now, 40.10 US dollars after.');
    // Nothing is bought or charged by a preview.
    expect(await ordersOf(alice.userId)).toEqual([]);
    expect(await balanceOf(alice.userId)).toBe(5000);

    const confirmed = await client.callTool({ name: 'confirm_purchase', arguments: { previewToken: shown.previewToken } });
    expect(confirmed.isError, textOf(confirmed)).toBeFalsy();
    const bought = confirmed.structuredContent as Confirmed;
    expect(bought).toMatchObject({ total: 990, balanceAfter: 4010, alreadyConfirmed: false });
    expect(textOf(confirmed)).toContain(`Bought: order ${bought.orderNo}, 9.90 US dollars paid from the balance.`);
    expect(await ordersOf(alice.userId)).toEqual([{ order_no: bought.orderNo, placed_by_client: 'Trip Buyer', status: bought.status, total: 990 }]);
    expect(['paid', 'delivered']).toContain(bought.status);

    const again = await client.callTool({ name: 'confirm_purchase', arguments: { previewToken: shown.previewToken, language: 'zh-Hans' } });
    expect(again.structuredContent).toMatchObject({ orderNo: bought.orderNo, alreadyConfirmed: true });
    expect(textOf(again)).toContain('此预览已确认过');
    expect(await ordersOf(alice.userId)).toHaveLength(1);
    expect(await balanceOf(alice.userId)).toBe(4010);

    // The console's order API and the shop's own order say who placed it.
    const admin = await t.call('adminOrder', 'detail', { orderNo: bought.orderNo }, { token: owner });
    expect(admin.body.data).toMatchObject({ placedByClient: 'Trip Buyer' });
    const mine = await t.call('order', 'detail', { orderNo: bought.orderNo }, { token: alice.token });
    expect(mine.body.data).toMatchObject({ placedByClient: 'Trip Buyer' });
    // Each call is recorded with the assistant's name, as the other tools' are.
    const calls = await t.db.selectFrom('mcp_tool_calls').select(['tool', 'ok']).where('user_id', '=', alice.userId).orderBy('id').execute();
    expect(calls).toEqual([
      { tool: 'preview_purchase', ok: 1 },
      { tool: 'confirm_purchase', ok: 1 },
      { tool: 'confirm_purchase', ok: 1 },
    ]);
  });

  it('the daily amount refuses the purchase that would pass it; nothing is written', async () => {
    const bob = await customer();
    const sku = await t.sku('ESIM-ASIA-5-7');
    // The consent page asks again for an amount that is not one, in the page's language.
    const seen: Seen = { refusedForm: { dailyAmount: '0', currency: 'USD' } };
    const client = await flow.connect(await flow.tokenFor(bob, 'Daily Test', 'buy', { dailyAmount: '15', currency: 'USD' }, seen));
    expect(seen.refused).toContain('Enter an amount a day between 1 and 100000.');
    expect(seen.refused).toContain('name="dailyAmount"');
    const first = (await client.callTool({ name: 'preview_purchase', arguments: { skuId: sku.id } })).structuredContent as Preview;
    expect((await client.callTool({ name: 'confirm_purchase', arguments: { previewToken: first.previewToken } })).isError).toBeFalsy();
    const second = await client.callTool({ name: 'preview_purchase', arguments: { skuId: sku.id } });
    expect(second.structuredContent).toMatchObject({ spentToday: 990, dailyAmount: 1500, payable: false });
    const refused = await client.callTool({ name: 'confirm_purchase', arguments: { previewToken: (second.structuredContent as Preview).previewToken } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe('This purchase of 9.90 US dollars would pass the 15.00 US dollars a day the customer allowed this assistant (9.90 US dollars spent today): nothing was bought (error 1701).');
    expect(await ordersOf(bob.userId)).toHaveLength(1);
    expect(await balanceOf(bob.userId)).toBe(5000 - 990);
    // Mine → Connected assistants shows the amount a day and what was spent today.
    const listed = (await t.call('assistant', 'list', {}, { token: bob.token })).body.data!.items;
    expect(listed).toEqual([expect.objectContaining({ name: 'Daily Test', scopes: ['buy'], buyLimit: { dailyAmount: 1500, currency: 'USD', spentToday: 990 } })]);
  });

  it('refuses a confirm after the price moved, another customer\'s preview, and a token without the buy scope', async () => {
    const carol = await customer();
    const dave = await customer();
    const sku = await t.sku('ESIM-ASIA-5-30');
    const carolClient = await flow.connect(await flow.tokenFor(carol, 'Carol Assistant', 'buy esim.read', { dailyAmount: '100', currency: 'USD' }));
    const shown = (await carolClient.callTool({ name: 'preview_purchase', arguments: { skuId: sku.id } })).structuredContent as Preview;
    // Another customer's assistant cannot confirm it.
    const daveClient = await flow.connect(await flow.tokenFor(dave, 'Dave Assistant', 'buy', { dailyAmount: '100', currency: 'USD' }));
    const others = await daveClient.callTool({ name: 'confirm_purchase', arguments: { previewToken: shown.previewToken } });
    expect(others.isError).toBe(true);
    expect(textOf(others)).toBe('This preview is unknown or has expired: preview the purchase again (error 1700).');
    // The price moves before the confirm.
    const before = await t.db.selectFrom('product_skus').select('price').where('id', '=', sku.id).executeTakeFirstOrThrow();
    await t.db.updateTable('product_skus').set({ price: before.price + 100 }).where('id', '=', sku.id).execute();
    try {
      const moved = await carolClient.callTool({ name: 'confirm_purchase', arguments: { previewToken: shown.previewToken } });
      expect(moved.isError).toBe(true);
      expect(textOf(moved)).toMatch(/^The unit price is now \d+\.\d\d US dollars, not the \d+\.\d\d US dollars you expected: nothing was ordered \(error 1649\)\.$/);
    } finally {
      await t.db.updateTable('product_skus').set({ price: before.price }).where('id', '=', sku.id).execute();
    }
    expect(await ordersOf(carol.userId)).toEqual([]);
    expect(await ordersOf(dave.userId)).toEqual([]);
    // Another customer's eSIM stays theirs (read tools), and a token without `buy` cannot preview.
    const readOnly = await flow.tokenFor(dave, 'Read Only', 'esim.read');
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${readOnly}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'preview_purchase', arguments: { skuId: sku.id } } }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="buy"');
  });

  it('tops up the customer\'s own eSIM through the same preview and confirm; another customer\'s eSIM is refused', async () => {
    const gina = await customer();
    const hank = await customer();
    await t.buy(gina.token, 'ESIM-ASIA-5-7', 1);
    await t.buy(hank.token, 'ESIM-ASIA-5-7', 1);
    await t.drain();
    const esimOf = async (userId: number) => (await t.db.selectFrom('esims').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()).id;
    const [ginaEsim, hankEsim] = [await esimOf(gina.userId), await esimOf(hank.userId)];
    const addon = await t.sku('ADDON-ASIA-1-3');
    const client = await flow.connect(await flow.tokenFor(gina, 'Top-up Helper', 'buy esim.read', { dailyAmount: '20', currency: 'USD' }));
    const others = await client.callTool({ name: 'preview_purchase', arguments: { skuId: addon.id, esimId: hankEsim } });
    expect(others.isError).toBe(true);
    expect(textOf(others)).toContain(`(error ${serverErrors.esimNotFound.code}).`);
    const preview = await client.callTool({ name: 'preview_purchase', arguments: { skuId: addon.id, esimId: ginaEsim } });
    expect(preview.isError, textOf(preview)).toBeFalsy();
    const shown = preview.structuredContent as Preview & { esimId: number; kind: string };
    expect(shown).toMatchObject({ esimId: ginaEsim, kind: 'esim_addon', total: 390, balanceAfter: 5000 - 390, payable: true });
    expect(textOf(preview)).toContain(`for eSIM #${ginaEsim}, total 3.90 US dollars, paid from the balance.`);
    const confirmed = await client.callTool({ name: 'confirm_purchase', arguments: { previewToken: shown.previewToken } });
    expect(confirmed.isError, textOf(confirmed)).toBeFalsy();
    const orderNo = (confirmed.structuredContent as Confirmed).orderNo;
    expect((await ordersOf(gina.userId)).find((o) => o.order_no === orderNo)).toMatchObject({ placed_by_client: 'Top-up Helper', total: 390 });
    const topups = await t.db.selectFrom('esim_addons').select(['esim_id', 'user_id']).where('user_id', 'in', [gina.userId, hank.userId]).execute();
    expect(topups).toEqual([{ esim_id: ginaEsim, user_id: gina.userId }]);
    expect(await balanceOf(gina.userId)).toBe(5000 - 390);
    expect(await ordersOf(hank.userId)).toHaveLength(1);
  });

  it('ten confirms of one preview at once make one order', async () => {
    const erin = await customer();
    const sku = await t.sku('ESIM-ASIA-5-7');
    const token = await flow.tokenFor(erin, 'Race Test', 'buy', { dailyAmount: '100', currency: 'USD' });
    const client = await flow.connect(token);
    const shown = (await client.callTool({ name: 'preview_purchase', arguments: { skuId: sku.id } })).structuredContent as Preview;
    // Ten requests at once (the server is stateless: each is its own POST, as from ten processes).
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.callTool({ name: 'confirm_purchase', arguments: { previewToken: shown.previewToken } })));
    for (const a of answers) expect(a.isError, textOf(a)).toBeFalsy();
    const orderNos = new Set(answers.map((a) => (a.structuredContent as Confirmed).orderNo));
    expect(orderNos.size).toBe(1);
    expect(answers.filter((a) => !(a.structuredContent as Confirmed).alreadyConfirmed)).toHaveLength(1);
    expect(await ordersOf(erin.userId)).toHaveLength(1);
    expect(await balanceOf(erin.userId)).toBe(5000 - 990);
  });
});

describe('purchase previews', () => {
  it('the scheduled round forgets previews never confirmed a day after they expired, and keeps confirmed ones', async () => {
    const ivy = await customer();
    const now = Date.now();
    const row = (token: string, expiresAt: number, orderNo: string | null) => ({ token, grant_id: 'g', user_id: ivy.userId, sku_id: 1, esim_id: null, quantity: 1, currency: 'USD' as const, unit_price: 1, total: 1, created_at: expiresAt - 1, expires_at: expiresAt, confirmed_at: orderNo ? expiresAt - 1 : null, order_no: orderNo });
    await t.db.insertInto('mcp_purchase_previews').values([row('pv_old', now - 25 * 3600_000, null), row('pv_old_confirmed', now - 25 * 3600_000, 'N-1'), row('pv_recent', now - 3600_000, null)]).execute();
    for (const sweep of mcpJobs.sweeps!) await sweep(t.db, now);
    const left = await t.db.selectFrom('mcp_purchase_previews').select('token').where('user_id', '=', ivy.userId).orderBy('token').execute();
    expect(left.map((r) => r.token)).toEqual(['pv_old_confirmed', 'pv_recent']);
  });
});

describe('reseller tools', () => {
  it('a reseller reads the wholesale catalogue, the balance and buys ECodes through preview and confirm', async () => {
    const rita = await customer(Role.reseller);
    const sku = await t.sku('ECODE-QPE');
    const client = await flow.connect(await flow.tokenFor(rita, 'Wholesale Helper', 'reseller.read buy', { dailyAmount: '100', currency: 'USD' }));
    const catalogue = await client.callTool({ name: 'wholesale_catalogue', arguments: { kind: 'ecode', currency: 'USD' } });
    expect(catalogue.isError, textOf(catalogue)).toBeFalsy();
    expect(textOf(catalogue)).toContain(`- SKU ${sku.id} `);
    expect(textOf(catalogue)).toMatch(/5\.00 US dollars, wholesale 3\.50 US dollars/);
    const balance = await client.callTool({ name: 'balance', arguments: {} });
    expect(textOf(balance)).toBe('Your balances:\n- 50.00 US dollars');
    const shown = (await client.callTool({ name: 'preview_purchase', arguments: { skuId: sku.id, quantity: 2 } })).structuredContent as Preview & { unitPrice: number };
    expect(shown).toMatchObject({ total: shown.unitPrice * 2, payable: true });
    const bought = await client.callTool({ name: 'confirm_purchase', arguments: { previewToken: shown.previewToken } });
    expect(bought.isError, textOf(bought)).toBeFalsy();
    const orderNo = (bought.structuredContent as Confirmed).orderNo;
    const codes = await client.callTool({ name: 'my_ecodes', arguments: {} });
    expect((codes.structuredContent as { ecodes: { orderNo: string }[] }).ecodes.filter((c) => c.orderNo === orderNo)).toHaveLength(2);
    expect(await ordersOf(rita.userId)).toEqual([expect.objectContaining({ order_no: orderNo, placed_by_client: 'Wholesale Helper' })]);
  });

  it('a customer who is not a reseller is refused the reseller tools and cannot buy ECodes', async () => {
    const frank = await customer();
    const client = await flow.connect(await flow.tokenFor(frank, 'Not Reseller', 'reseller.read buy', { dailyAmount: '100', currency: 'USD' }));
    const refused = await client.callTool({ name: 'balance', arguments: { language: 'zh-Hans' } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe('此工具仅供分销商账号使用（错误 1703）。');
    const ecode = await client.callTool({ name: 'preview_purchase', arguments: { skuId: (await t.sku('ECODE-QPE')).id } });
    expect(ecode.isError).toBe(true);
  });
});
