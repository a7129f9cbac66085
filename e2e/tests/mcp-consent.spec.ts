import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { MCP_TOOL_GROUPS, type McpSettings } from '@simshop/contract';
import { codeSentTo, registerAndSignIn } from './support/accounts';
import { expectAccessible } from './support/axe';
import { consoleApi, consoleSignIn } from './support/console';
import { at, LANGS, navTitle } from './support/shop';

/**
 * An assistant asks for a customer's consent (OAuth with PKCE through the shop's own pages), the
 * customer signs in and approves by keyboard, the assistant's token works at /mcp; then in Mine →
 * Connected assistants the customer sees its amount a day, revokes it and the token is refused.
 * Another customer signs in without the password: "send me a code", the code read from the mail
 * sink, then approves. Axe on every page.
 */
const T = {
  en: { signIn: 'Sign in to SimShop', account: 'Email or phone number', password: 'Password', consent: 'Allow this assistant?', esims: 'See your eSIMs: their state, data and days left, and why one may have no data', orders: 'See your orders and their status', buy: 'Buy plans, top-ups and ECodes for you, paid from your balance, up to an amount a day you choose', dailyAmount: 'Buy up to, per day', allow: 'Allow', entry: 'Connected assistants', revoke: 'Revoke', confirm: 'Confirm', done: 'The assistant was disconnected', empty: 'No connected assistants', never: 'Not used yet', buying: 'Buying', limit: 'Up to $20.00 a day, $0.00 spent today', sendCode: 'Send me a code', codeTitle: 'Enter your sign-in code', code: 'Sign-in code' },
  'zh-Hans': { signIn: '登录 SimShop', account: '邮箱或手机号', password: '密码', consent: '是否授权此助手？', esims: '查看您的 eSIM：状态、剩余流量和天数，以及无法上网的可能原因', orders: '查看您的订单及其状态', buy: '代您购买套餐、流量包和 ECode，从您的余额支付，每天不超过您设定的金额', dailyAmount: '每天最多购买', allow: '允许', entry: '已连接的助手', revoke: '撤销', confirm: '确定', done: '已断开该助手', empty: '暂无已连接的助手', never: '尚未使用', buying: '购买', limit: '每天最多 ¥20.00，今天已花 ¥0.00', sendCode: '发送验证码', codeTitle: '输入登录验证码', code: '登录验证码' },
} as const;
type Texts = (typeof T)[keyof typeof T];

/** The owner turns the MCP server and its customer tools on (the console's own journey covers the switches' page); returns the settings to put back. */
async function openCustomerTools(page: Page): Promise<McpSettings> {
  await consoleSignIn(page, 'owner');
  const before = (await consoleApi(page, 'adminMcp', 'get', {})).data as McpSettings;
  const saved = await consoleApi(page, 'adminMcp', 'save', { version: before.updatedAt, enabled: true, groups: MCP_TOOL_GROUPS.map((group) => ({ group, enabled: group === 'public' || group === 'customer' })) });
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
  const origin = new URL(page.url()).origin;
  // The assistant's own address: any page that answers (a redirect to it cannot be intercepted); only the browser's arrival counts.
  const callback = `${origin}/healthz`;
  const registered = await page.request.post('/oauth/register', { data: { client_name: name, redirect_uris: [callback], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' } });
  expect(registered.status()).toBe(201);
  const clientId = ((await registered.json()) as { client_id: string }).client_id;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  const query = new URLSearchParams({ client_id: clientId, redirect_uri: callback, response_type: 'code', scope: 'esim.read orders.read buy', state: 'journey', code_challenge: challenge, code_challenge_method: 'S256', resource: `${origin}/mcp` });
  await page.goto(`/oauth/authorize?${query}`);
  await expect(page.getByRole('heading', { name: text.signIn })).toBeVisible();
  await expect(page.locator('main')).toContainText(name);
  await expectAccessible(page);
  // By keyboard: the fields in order, Enter submits.
  await page.getByLabel(text.account).focus();
  await page.keyboard.type(account);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(text.password)).toBeFocused();
  await page.keyboard.type('demo1234');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: text.consent })).toBeVisible();
  await expect(page.locator('main')).toContainText(name);
  await expect(page.getByRole('listitem')).toHaveText([text.esims, text.orders, text.buy]);
  await expect(page.locator('main')).toContainText(account);
  await expectAccessible(page);
  // Buying asks how much a day: typed in its labelled field.
  await page.getByLabel(text.dailyAmount).fill('20');
  await page.getByRole('button', { name: text.allow }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.href.startsWith(callback));
  const back = new URL(page.url());
  expect(back.searchParams.get('state')).toBe('journey');

  const token = await page.request.post('/oauth/token', { form: { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: callback, client_id: clientId, code_verifier: verifier, resource: `${origin}/mcp` } });
  expect(token.status()).toBe(200);
  const accessToken = ((await token.json()) as { access_token: string }).access_token;
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

for (const { lang, locale } of LANGS) {
  test.describe(`Assistants' consent (${lang})`, () => {
    test.use({ locale, extraHTTPHeaders: { 'accept-language': locale } });

    test('a customer approves an assistant on the consent page, then revokes it in Mine', async ({ page }) => {
      const before = await openCustomerTools(page);
      try {
        await approveAndRevoke(page, T[lang], lang);
      } finally {
        await putBack(page, before);
      }
    });

    test('a customer signs in on the consent page with a code sent by email, then approves', async ({ page }) => {
      const before = await openCustomerTools(page);
      try {
        await approveWithCode(page, T[lang], lang);
      } finally {
        await putBack(page, before);
      }
    });
  });
}
