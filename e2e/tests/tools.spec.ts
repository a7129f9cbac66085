import { expect, test, type Browser, type Page } from '@playwright/test';
import { TOOLS, type AdminTools, type McpSettings } from '@simshop/contract';
import { consoleApi, consoleSignIn, consoleUrl, expectAccessible } from './support/console';
import { EN, ZH, at, navTitle } from './support/shop';

/**
 * The tools plugin: each tool answers a known case in both languages, and the owner's
 * choice in the console decides which tools the shop's tools page shows.
 */
const T = {
  en: {
    mineEntry: 'Tools',
    toolsTitle: 'Tools',
    device: 'Phone, tablet or watch model',
    supported: 'Supports eSIM',
    unsupported: 'No eSIM',
    depends: 'Depends on the model',
    mainland: /mainland China/,
    noMatch: 'No model matches “Nokia 3310”',
    number: 'IMEI, ICCID or EID',
    imei: 'This is an IMEI (a phone’s serial number)',
    iccid: 'This is an ICCID (a SIM card’s number)',
    eid: 'This is an EID (the eSIM chip’s number)',
    valid: 'The check digit is correct',
    validEid: 'The check digits are correct',
    invalid: 'The check digit is wrong: it should be 1. The number probably has a typo.',
    china: 'China (+86)',
    unicom: 'China Unicom',
    germany: 'Germany (+49)',
    days: 'Days abroad',
    video: 'Video and streaming',
    increase: 'More: Video and streaming',
    estimate: 'You will need about 3.5 GB',
    estimate2: 'You will need about 17.5 GB',
    estimate3: 'You will need about 9 GB',
    find: 'Find plans',
    plans: 'Plans that fit, cheapest first',
    asia: 'Asia eSIM',
    none: 'No plan covers this trip. Try fewer days, less video, or two plans in turn.',
    apnCopy: 'Copy',
    copied: 'Copied',
    consoleTitle: 'Tools',
    save: /^Save$/,
    saved: 'Saved: the shop shows the new tools list',
    mcpServer: 'MCP server',
    mcpSave: 'Save assistant settings',
    mcpSaved: 'Saved: assistants see the new settings',
    mcpOn: 'On: assistants can list and call the tools switched on below.',
  },
  'zh-Hans': {
    mineEntry: '实用工具',
    toolsTitle: '实用工具',
    device: '手机、平板或手表型号',
    supported: '支持 eSIM',
    unsupported: '不支持 eSIM',
    depends: '视版本而定',
    mainland: /中国大陆/,
    noMatch: '没有与“Nokia 3310”匹配的型号',
    number: 'IMEI、ICCID 或 EID',
    imei: '这是 IMEI（手机的串号）',
    iccid: '这是 ICCID（SIM 卡的卡号）',
    eid: '这是 EID（eSIM 芯片的编号）',
    valid: '校验位正确',
    validEid: '校验位正确',
    invalid: '校验位错误：应为 1。号码可能输错了。',
    china: '中国 (+86)',
    unicom: 'China Unicom',
    germany: '德国 (+49)',
    days: '出行天数',
    video: '视频和直播',
    increase: '增加：视频和直播',
    estimate: '预计需要约 3.5 GB',
    estimate2: '预计需要约 17.5 GB',
    estimate3: '预计需要约 9 GB',
    find: '查找套餐',
    plans: '合适的套餐（价格从低到高）',
    asia: '亚洲eSIM',
    none: '没有能覆盖此行程的套餐。可减少天数或视频时长，或分两个套餐使用。',
    apnCopy: '复制',
    copied: '复制成功',
    consoleTitle: '实用工具',
    save: /^保\s?存$/,
    saved: '已保存：商城已显示新的工具列表',
    mcpServer: 'MCP 服务',
    mcpSave: '保存助手设置',
    mcpSaved: '已保存：助手将看到新的设置',
    mcpOn: '已开启：助手可以列出并调用下方已开启的工具。',
  },
} as const;

const toolName = (id: string, lang: 'en' | 'zh-Hans') => {
  const tool = TOOLS.find((x) => x.id === id)!;
  return lang === 'en' ? tool.name.en : tool.name.zh;
};

async function accessible(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expectAccessible(page);
}

async function consoleBeside(browser: Browser, lang: 'en' | 'zh-Hans'): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ serviceWorkers: 'block', baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await consoleSignIn(page, 'owner', lang);
  return { page, close: () => context.close() };
}

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`tools (${l.lang})`, () => {
    test.use({ locale: l.locale });

    test('the eSIM checker answers for known devices, with the reason where it depends', async ({ page }) => {
      await page.goto('pages/mine/index');
      await page.getByText(text.mineEntry, { exact: true }).click();
      await expect(page).toHaveURL(at('/pages/tools/index'));
      await expect(navTitle(page)).toHaveText(text.toolsTitle);
      for (const tool of TOOLS) await expect(page.getByText(toolName(tool.id, l.lang), { exact: true })).toBeVisible();
      await accessible(page);

      await page.getByText(toolName('esim-check', l.lang), { exact: true }).click();
      await expect(page).toHaveURL(at('/pages/tools/esim-check'));
      const field = page.getByLabel(text.device);
      await field.fill('pixel 7');
      const pixel = page.locator('.adm-list-item').filter({ hasText: 'Google Pixel 7' }).first();
      await expect(pixel).toContainText(text.supported);
      await field.fill('iPhone X');
      await expect(page.locator('.adm-list-item').first()).toContainText('Apple iPhone X');
      await expect(page.locator('.adm-list-item').first()).toContainText(text.unsupported);
      await field.fill('galaxy s23');
      const s23 = page.locator('.adm-list-item').filter({ hasText: 'Samsung Galaxy S23' }).first();
      await expect(s23).toContainText(text.depends);
      await expect(s23).toContainText(text.mainland);
      await accessible(page);
      await field.fill('Nokia 3310');
      await expect(page.getByText(text.noMatch)).toBeVisible();
    });

    test('the number checker tells an IMEI, ICCID and EID apart and catches a wrong check digit', async ({ page }) => {
      await page.goto('pages/tools/number-check');
      const field = page.getByLabel(text.number);
      await field.fill('35 209900 176148 1');
      await expect(page.getByText(text.imei)).toBeVisible();
      await expect(page.getByText(text.valid, { exact: true })).toBeVisible();
      await expect(page.getByText('BABT (UK)')).toBeVisible();
      await accessible(page);

      await field.fill('352099001761482');
      await expect(page.getByText(text.invalid)).toBeVisible();

      await field.fill('8986011880213600012');
      await expect(page.getByText(text.iccid)).toBeVisible();
      await expect(page.getByText(text.valid, { exact: true })).toBeVisible();
      await expect(page.getByText(text.china)).toBeVisible();
      await expect(page.getByText(text.unicom)).toBeVisible();

      await field.fill('89049032004008882600012345678956');
      await expect(page.getByText(text.eid)).toBeVisible();
      await expect(page.getByText(text.validEid, { exact: true })).toBeVisible();
      await expect(page.getByText(text.germany)).toBeVisible();
      await accessible(page);
    });

    test('the data estimator sizes a trip and lists the catalogue’s plans that fit', async ({ page }) => {
      await page.goto('pages/tools/data-estimator');
      // The default profile: a week, an hour of maps and two of social media a day.
      await expect(page.getByText(text.estimate)).toBeVisible();
      await page.getByRole('button', { name: text.find }).click();
      const plans = page.locator('.adm-list').filter({ hasText: text.plans });
      await expect(plans).toBeVisible();
      await expect(plans.locator('.adm-list-item').filter({ hasText: text.asia }).first()).toBeVisible();
      await accessible(page);

      // A 40-day trip is longer than every plan the demo shop sells.
      const days = page.getByRole('group', { name: text.days }).getByRole('spinbutton');
      await days.fill('40');
      await days.press('Enter');
      await expect(page.getByText(text.estimate2)).toBeVisible();
      await page.getByRole('button', { name: text.find }).click();
      await expect(page.getByText(text.none)).toBeVisible();

      // An hour of video a day on a week away: more data; the Asia plan still fits, and opens its product.
      await days.fill('7');
      await days.press('Enter');
      await page.getByRole('group', { name: text.video }).getByRole('button', { name: text.increase }).click();
      await expect(page.getByText(text.estimate3)).toBeVisible();
      await page.getByRole('button', { name: text.find }).click();
      await plans.locator('.adm-list-item').filter({ hasText: text.asia }).first().click();
      await expect(page).toHaveURL(at('/pages/goods/goods'));
    });

    test('the APN page lists the catalogue’s networks with copy buttons', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('pages/tools/apn');
      const unicom = page.getByRole('region', { name: /China Unicom/ });
      await expect(unicom).toContainText('3gnet');
      await unicom.getByRole('button', { name: text.apnCopy }).click();
      await expect(page.getByText(text.copied)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('3gnet');
      await expect(page.getByRole('region', { name: /SoftBank/ })).toContainText('plus.4g');
      await accessible(page);
    });

    test('the owner switches the MCP server on by keyboard, and /mcp answers', async ({ browser }) => {
      const owner = await consoleBeside(browser, l.lang);
      const c = owner.page;
      const before = (await consoleApi(c, 'adminMcp', 'get', {})).data as McpSettings;
      const listTools = () => c.request.post('/mcp', { headers: { accept: 'application/json, text/event-stream' }, data: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} } });
      try {
        // Start from off with the public tools on, whatever an earlier run left.
        await consoleApi(c, 'adminMcp', 'save', { version: before.updatedAt, enabled: false, groups: before.groups.map((g) => ({ ...g, enabled: g.group === 'public' || g.enabled })) });
        expect((await listTools()).status()).toBe(404);
        await c.goto(consoleUrl('settings/tools'));
        const toggle = c.getByRole('switch', { name: text.mcpServer, exact: true });
        await expect(toggle).not.toBeChecked();
        await accessible(c);
        await toggle.focus();
        await c.keyboard.press('Space');
        await expect(toggle).toBeChecked();
        await expect(c.getByText(text.mcpOn)).toBeVisible();
        // The staff tools' group has its own switch, named in the console's language.
        await expect(c.getByRole('switch', { name: l.lang === 'en' ? 'Staff tools' : '员工工具', exact: true })).toBeVisible();
        // Tab passes each tool group's switch (those with tools: public, customer…) and reaches the card's save button.
        const groups = await c.locator('[id^="mcp-group-"][role="switch"]').count();
        expect(groups).toBeGreaterThan(0);
        for (let i = 0; i <= groups; i++) await c.keyboard.press('Tab');
        const save = c.getByRole('button', { name: text.mcpSave });
        await expect(save).toBeFocused();
        await c.keyboard.press('Enter');
        await expect(c.getByText(text.mcpSaved)).toBeVisible();
        await accessible(c);

        const res = await listTools();
        expect(res.status()).toBe(200);
        const names = ((await res.json()) as { result: { tools: { name: string }[] } }).result.tools.map((x) => x.name);
        expect(names).toContain('find_plans');
      } finally {
        const now = (await consoleApi(c, 'adminMcp', 'get', {})).data as McpSettings;
        await consoleApi(c, 'adminMcp', 'save', { version: now.updatedAt, enabled: before.enabled, groups: before.groups });
        await owner.close();
      }
    });

    test('the owner hides a tool in the console and it leaves the tools page', async ({ page, browser }) => {
      const owner = await consoleBeside(browser, l.lang);
      const c = owner.page;
      const before = (await consoleApi(c, 'adminTools', 'list', {})).data as AdminTools;
      try {
        await c.goto(consoleUrl('settings/tools'));
        await expect(c.getByRole('heading', { name: text.consoleTitle, exact: true })).toBeVisible();
        await accessible(c);
        const hidden = toolName('number-check', l.lang);
        const toggle = c.getByRole('switch', { name: new RegExp(hidden.replace(/[/()]/g, '\\$&')) });
        await expect(toggle).toBeChecked();
        await toggle.click();
        await c.getByRole('button', { name: text.save }).click();
        await expect(c.getByText(text.saved)).toBeVisible();
        await expect(toggle).not.toBeChecked();

        await page.goto('pages/tools/index');
        await expect(page.getByText(toolName('esim-check', l.lang), { exact: true })).toBeVisible();
        await expect(page.getByText(hidden, { exact: true })).toHaveCount(0);
      } finally {
        const now = (await consoleApi(c, 'adminTools', 'list', {})).data as AdminTools;
        await consoleApi(c, 'adminTools', 'save', { version: now.updatedAt, items: before.items });
        await owner.close();
      }
    });
  });
}
