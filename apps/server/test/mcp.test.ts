import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MCP_TOOL_GROUPS, MCP_TOOLS, serverErrors } from '@simshop/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mcpPublicLimit } from '../src/modules/mcp/mcp.routes.ts';
import { useTestApp } from './harness.ts';

/**
 * The shop's MCP server driven by the official SDK's client over Streamable HTTP, as an
 * assistant would: the tools it lists with their schemas, each public tool's answer from the
 * demo data, refusals, the per-address limit and the owner's switches.
 */
const t = useTestApp();
let base: string;
let owner: string;
const clients: Client[] = [];

beforeAll(async () => {
  base = await t.listen();
  owner = (await t.staffSignIn('owner')).token;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function connect(): Promise<Client> {
  const client = new Client({ name: 'simshop-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  clients.push(client);
  return client;
}

const settings = async () => (await t.call('adminMcp', 'get', {}, { token: owner })).body.data!;
async function setSwitches(enabled: boolean, groups: Partial<Record<(typeof MCP_TOOL_GROUPS)[number], boolean>>) {
  const now = await settings();
  const res = await t.call('adminMcp', 'save', { version: now.updatedAt, enabled, groups: now.groups.map((g) => ({ group: g.group, enabled: groups[g.group] ?? g.enabled })) }, { token: owner, ip: '192.0.2.40' });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data!;
}

const rpc = (body: unknown, ip: string, language = 'en') =>
  t.app.inject({ method: 'POST', url: '/mcp', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'accept-language': language }, payload: JSON.stringify(body), remoteAddress: ip });
const listRequest = { jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} };

type Text = { type: string; text: string };
const textOf = (result: unknown) => (result as { content: Text[] }).content.map((c) => c.text).join('\n');

describe('MCP server', () => {
  it('is off until the owner turns it on: /mcp answers 404 and a client cannot connect', async () => {
    expect(await settings()).toEqual({ enabled: false, groups: MCP_TOOL_GROUPS.map((group) => ({ group, enabled: group === 'public' })), updatedAt: null });
    const res = await rpc(listRequest, '198.51.100.1');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', id: 7, error: { message: 'The shop\'s MCP server is switched off.' } });
    await expect(connect()).rejects.toMatchObject({ code: 404 });
    expect((await rpc(listRequest, '198.51.100.1', 'zh-CN,zh;q=0.9')).json()).toMatchObject({ error: { message: '本店的 MCP 服务已关闭。' } });
    expect((await t.app.inject({ method: 'GET', url: '/mcp' })).statusCode).toBe(404);
  });

  it('the owner turns it on, audited; other roles may not', async () => {
    const support = (await t.staffSignIn('support')).token;
    expect((await t.call('adminMcp', 'save', { version: null, enabled: true, groups: MCP_TOOL_GROUPS.map((group) => ({ group, enabled: true })) }, { token: support })).body.code).toBe(serverErrors.permissionDenied.code);
    const saved = await setSwitches(true, {});
    expect(saved.enabled).toBe(true);
    const audit = await t.auditOf('settings', 'mcp');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'settings.mcp', actor: 'owner@simshop.local', ip: '192.0.2.40', before_json: null });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ enabled: true });
    // A save over an older version is refused and writes nothing.
    const stale = await t.call('adminMcp', 'save', { version: null, enabled: false, groups: saved.groups }, { token: owner });
    expect(stale.body).toMatchObject({ code: serverErrors.changedBySomeoneElse.code, field: 'version' });
    expect((await settings()).enabled).toBe(true);
    // Two saves over the same version: one is let through.
    const results = await Promise.all([true, false].map((on) => t.call('adminMcp', 'save', { version: saved.updatedAt, enabled: true, groups: saved.groups.map((g) => (g.group === 'staff' ? { ...g, enabled: on } : g)) }, { token: owner })));
    expect(results.map((r) => r.body.code).sort()).toEqual([0, serverErrors.changedBySomeoneElse.code].sort());
    const after = await t.auditOf('settings', 'mcp');
    expect(after).toHaveLength(2);
    expect(JSON.parse(after[1]!.before_json!)).toMatchObject({ enabled: true, groups: saved.groups });
    await setSwitches(true, { staff: false });
  });

  it('lists the public tools with their input and output schemas', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name)).toEqual(MCP_TOOLS.filter((x) => x.group === 'public').map((x) => x.name));
    const plans = tools.find((x) => x.name === 'find_plans')!;
    expect(plans.title).toBe('Find plans for a trip');
    expect(plans.inputSchema.required).toEqual(expect.arrayContaining(['destinations', 'days']));
    expect(Object.keys(plans.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['destinations', 'days', 'dataGb', 'currency', 'language']));
    expect(Object.keys(plans.outputSchema?.properties ?? {})).toEqual(['destinations', 'unknownDestinations', 'plans']);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).toContain('language');
    }
    // Only POST answers: the server keeps no sessions.
    const get = await t.app.inject({ method: 'GET', url: '/mcp' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
  });

  it('finds the demo plans for Japan, cheapest first, with price, networks and a link', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'find_plans', arguments: { destinations: ['Japan'], days: 7, dataGb: 5 } });
    expect(result.isError ?? false).toBe(false);
    const data = result.structuredContent as { destinations: string[]; plans: { name: string; dataMb: number | null; days: number; price: number; currency: string; priceText: string; networks: { country: string; operators: string[] }[]; url: string }[] };
    expect(data.destinations).toEqual(['JP']);
    expect(data.plans[0]).toMatchObject({ name: 'Asia eSIM', dataMb: 5000, days: 7, price: 990, currency: 'USD', priceText: '9.90 US dollars', networks: [{ country: 'JP', operators: ['SoftBank', 'KDDI'] }] });
    expect(data.plans[0]!.url).toMatch(new RegExp(`^${base}/uni/pages/goods/goods\\?id=\\d+$`));
    for (const plan of data.plans) {
      expect(plan.days).toBeGreaterThanOrEqual(7);
      expect(plan.dataMb === null || plan.dataMb >= 5000).toBe(true);
    }
    expect(data.plans.map((p) => p.price)).toEqual([...data.plans.map((p) => p.price)].sort((a, b) => a - b));
    expect(textOf(result)).toContain('Asia eSIM, 5 GB for 7 days: 9.90 US dollars.');

    const zh = await client.callTool({ name: 'find_plans', arguments: { destinations: ['日本', 'Atlantis'], days: 30, language: 'zh-Hans', currency: 'USD' } });
    expect(textOf(zh)).toContain('本店不认识这些目的地：Atlantis。');
    expect(textOf(zh)).toContain('亚洲eSIM，30 天 5 GB：14.90 美元。网络：日本：SoftBank、KDDI。');
  });

  it('answers eSIM support: a known phone yes, an unknown model unknown, with the unlock caveat', async () => {
    const client = await connect();
    const pixel = await client.callTool({ name: 'check_esim_support', arguments: { model: 'Pixel 7' } });
    expect(pixel.structuredContent).toMatchObject({ answer: 'yes', device: { brand: 'Google', model: 'Pixel 7' }, caveat: expect.stringContaining('unlocked') });
    expect(textOf(pixel)).toMatch(/^Yes: the Google Pixel 7 supports eSIM\./);
    const nokia = await client.callTool({ name: 'check_esim_support', arguments: { model: 'Nokia 3310', language: 'zh-Hans' } });
    expect(nokia.structuredContent).toMatchObject({ answer: 'unknown', device: null, caveat: null });
    expect(textOf(nokia)).toContain('*#06#');
  });

  it('gives the install guide, APN settings and the shop\'s contact', async () => {
    const client = await connect();
    const guide = await client.callTool({ name: 'install_guide', arguments: { os: 'android', model: 'iPhone X' } });
    expect(guide.structuredContent).toMatchObject({ os: 'android', esim: 'no' });
    expect(textOf(guide)).toContain('Settings › Network & internet');
    const apn = await client.callTool({ name: 'apn_settings', arguments: { destination: 'JP', operator: 'softbank' } });
    expect(apn.structuredContent).toEqual({ items: [{ operator: 'SoftBank', country: 'JP', apn: 'plus.4g', username: 'plus', password: '4g' }] });
    expect(textOf(apn)).toContain('Japan, SoftBank: APN plus.4g, user name plus, password 4g');
    const contact = await client.callTool({ name: 'shop_contact', arguments: {} });
    expect(contact.structuredContent).toMatchObject({ hours: { days: [1, 2, 3, 4, 5, 6], open: '11:00', close: '19:00' }, hoursText: 'Monday to Saturday, 11:00 to 19:00' });
    expect(textOf(contact)).toContain('Customer service answers Monday to Saturday, 11:00 to 19:00');
  });

  it('refuses bad input with a tool error saying what is wrong', async () => {
    const client = await connect();
    const days = await client.callTool({ name: 'find_plans', arguments: { destinations: ['Japan'], days: 0 } });
    expect(days.isError).toBe(true);
    expect(textOf(days)).toMatch(/days/);
    const nowhere = await client.callTool({ name: 'find_plans', arguments: { destinations: ['Atlantis'], days: 3 } });
    expect(nowhere.isError).toBe(true);
    expect(textOf(nowhere)).toContain('Not a destination the shop knows: Atlantis.');
    const apn = await client.callTool({ name: 'apn_settings', arguments: { destination: 'Narnia' } });
    expect(apn.isError).toBe(true);
    expect(textOf(apn)).toContain('"Narnia" is not a destination the shop knows');
  });

  it('a group the owner turns off is gone from the list and refused; the server off answers 404', async () => {
    await setSwitches(true, { public: false });
    const client = await connect();
    expect((await client.listTools()).tools).toEqual([]);
    const call = await client.callTool({ name: 'check_esim_support', arguments: { model: 'Pixel 7' } });
    expect(call.isError).toBe(true);
    expect(textOf(call)).toContain('disabled');

    await setSwitches(false, { public: true });
    expect((await rpc(listRequest, '198.51.100.2')).statusCode).toBe(404);
    await expect(connect()).rejects.toMatchObject({ code: 404 });
    await setSwitches(true, {});
    expect((await (await connect()).listTools()).tools.length).toBeGreaterThan(0);
  });

  it('limits an address: past the limit a JSON-RPC error with HTTP 429 and Retry-After', async () => {
    const ip = '198.51.100.77';
    const { max } = mcpPublicLimit(ip);
    for (let i = 0; i < max; i++) expect((await rpc(listRequest, ip)).statusCode, `request ${i + 1}`).toBe(200);
    const refused = await rpc(listRequest, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ jsonrpc: '2.0', id: 7, error: { message: expect.stringContaining('Too many requests'), data: { retryAfterSeconds: Number(refused.headers['retry-after']) } } });
    // Another address is not held back.
    expect((await rpc(listRequest, '198.51.100.78')).statusCode).toBe(200);
  });
});
