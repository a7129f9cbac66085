import { createHash, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { expect, test, type Page } from '@playwright/test';
import { MCP_TOOL_GROUPS, type McpSettings, type McpToolGroup } from '@simshop/contract';
import { codeSentTo, registerAndSignIn } from './support/accounts';
import { expectOpen } from './support/antd';
import { expectAccessible } from './support/axe';
import { consoleApi, consoleSignIn, consoleUrl } from './support/console';
import { at, LANGS, navTitle } from './support/shop';

/**
 * An assistant asks for a customer's consent (OAuth with PKCE through the shop's own pages), the
 * customer signs in and approves by keyboard, the assistant's token works at /mcp; then in Mine →
 * Connected assistants the customer sees its amount a day, revokes it and the token is refused.
 * Another customer signs in without the password: "send me a code", the code read from the mail
 * sink, then approves. A staff member approves the official SDK's client for the staff tools with
 * their console account on the same pages, the client's staff tool answers, and the member
 * revokes it by keyboard on the console's account page: the client is refused. Axe on every page.
 */
const T = {
  en: { signIn: 'Sign in to SimShop', account: 'Email or phone number', password: 'Password', consent: 'Allow this assistant?', esims: 'See your eSIMs: their state, data and days left, and why one may have no data', orders: 'See your orders and their status', buy: 'Buy plans, top-ups and ECodes for you, paid from your balance, up to an amount a day you choose', dailyAmount: 'Buy up to, per day', allow: 'Allow', entry: 'Connected assistants', revoke: 'Revoke', confirm: 'Confirm', done: 'The assistant was disconnected', empty: 'No connected assistants', never: 'Not used yet', buying: 'Buying', limit: 'Up to $20.00 a day, $0.00 spent today', sendCode: 'Send me a code', codeTitle: 'Enter your sign-in code', code: 'Sign-in code', staffSignIn: 'Sign in with your console account', staffAccount: 'Staff email', staffRead: 'See what your console role lets you see: orders needing action, a customer\'s history, sales figures', queues: /Refunds to decide: \d+ request|Nothing is waiting/, myAccount: 'My account', staffEntry: 'Connected assistants', staffDone: 'can no longer act for you', revokeOk: /^Revoke$/ },
  'zh-Hans': { signIn: '登录 SimShop', account: '邮箱或手机号', password: '密码', consent: '是否授权此助手？', esims: '查看您的 eSIM：状态、剩余流量和天数，以及无法上网的可能原因', orders: '查看您的订单及其状态', buy: '代您购买套餐、流量包和 ECode，从您的余额支付，每天不超过您设定的金额', dailyAmount: '每天最多购买', allow: '允许', entry: '已连接的助手', revoke: '撤销', confirm: '确定', done: '已断开该助手', empty: '暂无已连接的助手', never: '尚未使用', buying: '购买', limit: '每天最多 ¥20.00，今天已花 ¥0.00', sendCode: '发送验证码', codeTitle: '输入登录验证码', code: '登录验证码', staffSignIn: '使用后台账号登录', staffAccount: '员工邮箱', staffRead: '查看您的后台角色可见的内容：待处理订单、顾客记录、销售数据', queues: /待审核退款：\d+ 个申请|目前没有待处理的订单/, myAccount: '我的账号', staffEntry: '已连接的助手', staffDone: '已不能代表您操作', revokeOk: /^撤\s?销$/ },
} as const;
type Texts = (typeof T)[keyof typeof T];

/** The owner turns the MCP server and these tool groups on (the console's own journey covers the switches' page); returns the settings to put back. */
async function openTools(page: Page, open: readonly McpToolGroup[]): Promise<McpSettings> {
  await consoleSignIn(page, 'owner');
  const before = (await consoleApi(page, 'adminMcp', 'get', {})).data as McpSettings;
  const saved = await consoleApi(page, 'adminMcp', 'save', { version: before.updatedAt, enabled: true, groups: MCP_TOOL_GROUPS.map((group) => ({ group, enabled: open.includes(group) })) });
  expect(saved.code).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
  return before;
}

async function putBack(page: Page, before: McpSettings) {
  const now = (await consoleApi(page, 'adminMcp', 'get', {})).data as McpSettings;
  await consoleApi(page, 'adminMcp', 'save', { version: now.updatedAt, enabled: before.enabled, groups: before.groups });
}

const callMyEsims = (page: Page, token: string) =>
  page.request.post('/mcp', {
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    data: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'my_esims', arguments: {} } },
  });

/** A registered assistant's authorization address (PKCE), with what the token exchange needs. */
async function authorization(page: Page, name: string, scope: string) {
  const origin = new URL(page.url()).origin;
  // The assistant's own address: any page that answers (a redirect to it cannot be intercepted); only the browser's arrival counts.
  const callback = `${origin}/healthz`;
  const registered = await page.request.post('/oauth/register', { data: { client_name: name, redirect_uris: [callback], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' } });
  expect(registered.status()).toBe(201);
  const clientId = ((await registered.json()) as { client_id: string }).client_id;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({ client_id: clientId, redirect_uri: callback, response_type: 'code', scope, state: 'journey', code_challenge: challenge, code_challenge_method: 'S256', resource: `${origin}/mcp` });
  const exchange = async (code: string) => {
    const token = await page.request.post('/oauth/token', { form: { grant_type: 'authorization_code', code, redirect_uri: callback, client_id: clientId, code_verifier: verifier, resource: `${origin}/mcp` } });
    expect(token.status()).toBe(200);
    return ((await token.json()) as { access_token: string }).access_token;
  };
  return { url: `/oauth/authorize?${query}`, callback, exchange };
}

/**
 * The consent page's sign-in, by keyboard as a person would: the page names the assistant and
 * passes axe, the account and the password typed into their fields in order, Enter submits.
 */
async function signInOnConsentPage(page: Page, words: { heading: string; account: string; password: string }, assistant: string, account: string) {
  await expect(page.getByRole('heading', { name: words.heading })).toBeVisible();
  await expect(page.locator('main')).toContainText(assistant);
  await expectAccessible(page);
  await page.getByLabel(words.account).focus();
  await page.keyboard.type(account);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(words.password)).toBeFocused();
  await page.keyboard.type('demo1234');
  await page.keyboard.press('Enter');
}

async function approveWithCode(page: Page, text: Texts, lang: string) {
  await page.goto('pages/index/index');
  const { account } = await registerAndSignIn(page, `mcp-code-${lang.toLowerCase()}`);
  // The sign-up's code is in the sink too: the sign-in code is the next one to arrive.
  const signUpCode = await codeSentTo(account);
  const name = `Code Helper ${lang} ${Date.now()}`;
  const auth = await authorization(page, name, 'esim.read');
  await page.goto(auth.url);
  await expect(page.getByRole('heading', { name: text.signIn })).toBeVisible();
  await page.getByLabel(text.account).fill(account);
  // By keyboard: the code's button, Enter; the page's script proves the work, then the form goes.
  await page.getByRole('button', { name: text.sendCode }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: text.codeTitle })).toBeVisible();
  await expect(page.locator('main')).toContainText(account);
  await expectAccessible(page);
  let code = signUpCode;
  await expect.poll(async () => (code = await codeSentTo(account))).not.toBe(signUpCode);
  await expect(page.getByLabel(text.code)).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: text.consent })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveText([text.esims]);
  await expect(page.locator('main')).toContainText(account);
  await page.getByRole('button', { name: text.allow }).click();
  await page.waitForURL((url) => url.href.startsWith(auth.callback));
  const accessToken = await auth.exchange(new URL(page.url()).searchParams.get('code')!);
  expect((await callMyEsims(page, accessToken)).status()).toBe(200);
}

async function approveAndRevoke(page: Page, text: Texts, lang: string) {
  await page.goto('pages/index/index');
  const { account } = await registerAndSignIn(page, `mcp-${lang.toLowerCase()}`);
  const name = `Trip Helper ${lang} ${Date.now()}`;
  const auth = await authorization(page, name, 'esim.read orders.read buy');
  await page.goto(auth.url);
  await signInOnConsentPage(page, { heading: text.signIn, account: text.account, password: text.password }, name, account);

  await expect(page.getByRole('heading', { name: text.consent })).toBeVisible();
  await expect(page.locator('main')).toContainText(name);
  await expect(page.getByRole('listitem')).toHaveText([text.esims, text.orders, text.buy]);
  await expect(page.locator('main')).toContainText(account);
  await expectAccessible(page);
  // Buying asks how much a day: typed in its labelled field.
  await page.getByLabel(text.dailyAmount).fill('20');
  await page.getByRole('button', { name: text.allow }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.href.startsWith(auth.callback));
  const back = new URL(page.url());
  expect(back.searchParams.get('state')).toBe('journey');
  const accessToken = await auth.exchange(back.searchParams.get('code')!);
  expect((await callMyEsims(page, accessToken)).status()).toBe(200);

  // Mine → Connected assistants: the assistant with what it may do; revoked after a confirmation.
  await page.goto('pages/mine/index');
  await page.locator('.adm-list-item, .shortcut', { hasText: text.entry }).click();
  await expect(page).toHaveURL(at('/pages/mine/assistants'));
  await expect(navTitle(page)).toHaveText(text.entry);
  const card = page.locator('.assistant-card', { hasText: name });
  await expect(card).toContainText(text.esims);
  await expect(card).not.toContainText(text.never);
  // The daily amount typed on the consent page (in the language's default currency), nothing spent yet.
  await expect(card.locator(`dt:text-is("${text.buying}") + dd`)).toHaveText(text.limit);
  await expectAccessible(page);
  await card.getByRole('button', { name: `${text.revoke}: ${name}` }).focus();
  await page.keyboard.press('Enter');
  await page.locator('.adm-dialog-button', { hasText: text.confirm }).click();
  await expect(page.getByText(text.done)).toBeVisible();
  await expect(page.getByText(text.empty)).toBeVisible();
  expect((await callMyEsims(page, accessToken)).status()).toBe(401);
}

/**
 * The official SDK's MCP client as an assistant: its own OAuth client (discovery from the 401,
 * dynamic registration, PKCE) sends the person to the returned address, which the test hands to
 * the browser; the code the browser arrives back with finishes the flow.
 */
async function sdkAssistant(origin: string, name: string) {
  const kept: { client?: OAuthClientInformationMixed; tokens?: OAuthTokens; verifier?: string; sentTo?: URL } = {};
  // The assistant's own address: any page that answers; only the browser's arrival counts.
  const callback = `${origin}/healthz`;
  const provider: OAuthClientProvider = {
    redirectUrl: callback,
    clientMetadata: { client_name: name, redirect_uris: [callback], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' },
    state: () => 'sdk-journey',
    clientInformation: () => kept.client,
    saveClientInformation: (info) => void (kept.client = info),
    tokens: () => kept.tokens,
    saveTokens: (tokens) => void (kept.tokens = tokens),
    redirectToAuthorization: (url) => void (kept.sentTo = url),
    saveCodeVerifier: (verifier) => void (kept.verifier = verifier),
    codeVerifier: () => kept.verifier!,
  };
  const transport = new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), { authProvider: provider });
  const client = new Client({ name: 'simshop-staff-journey', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, callback, kept };
}

async function approveStaffAndRevoke(page: Page, text: Texts, lang: 'en' | 'zh-Hans', baseURL: string) {
  const origin = new URL(baseURL).origin;
  const name = `Desk Helper ${lang} ${Date.now()}`;
  const member = 'operator@simshop.local';
  const { client, transport, callback, kept } = await sdkAssistant(origin, name);
  try {
    // A staff tool without a token: refused, and the SDK asks for the scope the refusal names.
    const queues = { name: 'orders_needing_action', arguments: { language: lang } };
    await expect(client.callTool(queues)).rejects.toThrow(/Unauthorized/);
    expect(kept.sentTo?.searchParams.get('scope')).toBe('staff.read');

    // The consent page turns into the console's sign-in for staff scopes.
    await page.goto(kept.sentTo!.href);
    await signInOnConsentPage(page, { heading: text.staffSignIn, account: text.staffAccount, password: text.password }, name, member);
    await expect(page.getByRole('heading', { name: text.consent })).toBeVisible();
    await expect(page.locator('main')).toContainText(name);
    await expect(page.getByRole('listitem')).toHaveText([text.staffRead]);
    await expect(page.locator('main')).toContainText(member);
    await expectAccessible(page);
    await page.getByRole('button', { name: text.allow }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.href.startsWith(callback));
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe('sdk-journey');
    await transport.finishAuth(back.searchParams.get('code')!);

    // The client lists the staff tools and gets the queues in the asked language.
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('orders_needing_action');
    const answer = await client.callTool(queues);
    expect(answer.isError).toBeFalsy();
    expect((answer.content as { text: string }[]).map((c) => c.text).join('\n')).toMatch(text.queues);
    const accessToken = kept.tokens!.access_token;

    // The console's account page (1440 px): the assistant in the card, revoked by keyboard.
    await consoleSignIn(page, 'operator', lang);
    await page.getByRole('button', { name: /Demo operator/ }).click();
    const menu = page.getByRole('menuitem', { name: text.myAccount });
    await expectOpen(page.locator('.ant-dropdown').filter({ has: menu }));
    await menu.click();
    await expect(page).toHaveURL(new RegExp(`${consoleUrl('account')}$`));
    await expect(page.getByRole('heading', { name: text.myAccount })).toBeVisible();
    const card = page.getByTestId('staff-assistants');
    await expect(card).toContainText(text.staffEntry);
    const item = card.getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText(text.staffRead);
    await expectAccessible(page);
    await item.getByRole('button', { name: `${text.revoke} ${name}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog').filter({ hasText: name });
    await expectOpen(dialog);
    // The confirm's own button has the focus (antd spaces two Chinese characters out): Enter revokes.
    await expect(dialog.getByRole('button', { name: text.revokeOk })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${name} ${text.staffDone}`)).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);

    // The assistant's token is refused from now on; the SDK's next call too (its refresh token ended with the grant).
    const refused = await page.request.post('/mcp', {
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${accessToken}` },
      data: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: queues },
    });
    expect(refused.status()).toBe(401);
    await expect(client.callTool(queues)).rejects.toThrow(/grant request is invalid|Unauthorized/);
  } finally {
    await client.close();
  }
}

for (const { lang, locale } of LANGS) {
  test.describe(`Assistants' consent (${lang})`, () => {
    test.use({ locale, extraHTTPHeaders: { 'accept-language': locale } });

    test('a customer approves an assistant on the consent page, then revokes it in Mine', async ({ page }) => {
      const before = await openTools(page, ['public', 'customer']);
      try {
        await approveAndRevoke(page, T[lang], lang);
      } finally {
        await putBack(page, before);
      }
    });

    test('a customer signs in on the consent page with a code sent by email, then approves', async ({ page }) => {
      const before = await openTools(page, ['public', 'customer']);
      try {
        await approveWithCode(page, T[lang], lang);
      } finally {
        await putBack(page, before);
      }
    });

    test('a staff member approves the SDK client for the staff tools on the consent page, then revokes it on the console\'s account page', async ({ page, baseURL }) => {
      const before = await openTools(page, ['public', 'staff']);
      try {
        await approveStaffAndRevoke(page, T[lang], lang, baseURL!);
      } finally {
        await consoleSignIn(page, 'owner');
        await putBack(page, before);
      }
    });
  });
}
