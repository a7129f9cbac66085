import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { EN, ZH, at, navTitle } from './support/shop';

/**
 * WeChat sign-in: inside WeChat's browser (its user agent), through the official
 * account's OAuth page — the built-in WeChat simulator on this server — a new WeChat makes an
 * account, and the same WeChat later signs that account in without anything typed.
 */
const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

const T = {
  en: {
    loginEntry: 'Sign in with WeChat',
    title: 'Sign in with WeChat',
    start: 'Sign in with WeChat',
    welcome: (name: string) => `Welcome, ${name}! This WeChat is new to us`,
    create: 'Create my account with WeChat',
    outside: /works inside the WeChat app/,
    mpTitle: 'WeChat mini program',
    mpOutside: 'This is a WeChat mini program. Please open it in WeChat.',
    mpQr: 'QR code of this page, to scan with WeChat',
    mpOpen: 'Open the mini program',
    linkExisting: 'I have an account: sign in to link it',
    linked: 'WeChat linked: next time WeChat signs you in',
  },
  'zh-Hans': {
    loginEntry: '微信登录',
    title: '微信登录',
    start: '微信一键登录',
    welcome: (name: string) => `欢迎，${name}！这是新的微信账号`,
    create: '用微信创建账号',
    outside: /需在微信内使用/,
    mpTitle: '微信小程序',
    mpOutside: '这是微信小程序，请在微信中打开。',
    mpQr: '本页面的二维码，请用微信扫码',
    mpOpen: '打开小程序',
    linkExisting: '已有账号：登录后绑定',
    linked: '微信已绑定，下次可直接用微信登录',
  },
} as const;

/** Runs `steps` in a fresh browser inside WeChat (its own cookies and storage), closed afterwards. */
async function inWechat(browser: Browser, locale: string, steps: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ serviceWorkers: 'block', baseURL: test.info().project.use.baseURL, userAgent: WECHAT_UA, locale, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    await steps(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Starts WeChat sign-in (back to the mine page) and allows it on WeChat's page as the WeChat user `openid`. */
async function allowAs(page: Page, start: string, openid: string) {
  await page.goto(`pages/login/wechat?redirect=${encodeURIComponent('/pages/mine/index')}`);
  await page.getByRole('button', { name: start }).click();
  await page.getByLabel('WeChat user (openid)').fill(openid);
  await page.getByRole('button', { name: 'Allow' }).click();
}

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`WeChat sign-in (${l.lang})`, () => {
    test.use({ locale: l.locale });

    test('a new WeChat makes an account through the official account, and signs it in again later', async ({ browser }) => {
      const openid = `oE2E${l.lang === 'en' ? 'En' : 'Zh'}${Date.now()}`;
      const nickname = l.lang === 'en' ? 'Wei Traveller' : '旅行的小魏';
      await inWechat(browser, l.locale, async (page) => {
        // Signing in from Mine: the sign-in comes back there.
        await page.goto(`pages/login/regular?redirect=${encodeURIComponent('/pages/mine/index')}`);
        await page.getByRole('button', { name: text.loginEntry }).click();
        await expect(page).toHaveURL(at('/pages/login/wechat'));
        await expect(navTitle(page)).toHaveText(text.title);
        await expectAccessible(page);
        await page.getByRole('button', { name: text.start }).click();

        // WeChat's authorisation page (the simulator): this WeChat user allows it.
        await expect(page).toHaveURL(/\/wechat-sim\/connect\/oauth2\/authorize\?/);
        await page.getByLabel('WeChat user (openid)').fill(openid);
        await page.getByLabel('Nickname').fill(nickname);
        await page.getByRole('button', { name: 'Allow' }).click();

        await expect(page.getByRole('heading', { name: text.welcome(nickname) })).toBeVisible();
        await expectAccessible(page);
        await page.getByRole('button', { name: text.create }).click();
        await expect(page).toHaveURL(at('/pages/mine/index'));
        await expect(page.locator('.user-name')).toContainText(nickname);
      });

      // Another visit, signed out: the same WeChat goes straight to its account.
      await inWechat(browser, l.locale, async (page) => {
        await allowAs(page, text.start, openid);
        await expect(page).toHaveURL(at('/pages/mine/index'));
        await expect(page.locator('.user-name')).toContainText(nickname);
      });
    });

    test('a WeChat is linked to an existing account by signing in to it once', async ({ browser }) => {
      // Each language its own demo account: one WeChat per account.
      const account = l.lang === 'en' ? 'demo@simshop.local' : 'reseller@simshop.local';
      const openid = `oE2ELink${l.lang === 'en' ? 'En' : 'Zh'}${Date.now()}`;
      await inWechat(browser, l.locale, async (page) => {
        await allowAs(page, text.start, openid);
        await page.getByRole('button', { name: text.linkExisting }).click();
        await expect(page).toHaveURL(at('/pages/login/regular'));
        await page.locator('input[name="account"]').fill(account);
        await page.locator('input[name="password"]').fill('demo1234');
        await page.locator('form button[type="submit"]').click();
        await expect(page.getByText(text.linked)).toBeVisible();
        await expect(page).toHaveURL(at('/pages/mine/index'));
      });
      await inWechat(browser, l.locale, async (page) => {
        await allowAs(page, text.start, openid);
        await expect(page).toHaveURL(at('/pages/mine/index'));
        // Signed in to that account: its id is the one the password sign-in stored.
        await expect(page.locator('.user-role')).toBeVisible();
        const stored = await page.evaluate(() => localStorage.getItem('simshop.userInfo') ?? '');
        expect(stored).toContain(account === 'demo@simshop.local' ? 'demo@simshop.local' : 'reseller@simshop.local');
      });
    });

    test('outside WeChat the page explains where WeChat sign-in works, and the sign-in page has no WeChat button', async ({ page }) => {
      await page.goto('pages/login/wechat');
      await expect(page.getByText(text.outside)).toBeVisible();
      await expectAccessible(page);
      await page.goto('pages/login/regular');
      await expect(page.getByRole('button', { name: text.loginEntry })).toHaveCount(0);
    });

    test('an mp link opens the mini program with the open tag inside WeChat, and shows a QR code elsewhere', async ({ page, browser }) => {
      const mp = `pages/wechat/mp?appId=wx5f2ab0c4d1e3f6a7&path=${encodeURIComponent('pages/index/index?from=shop')}`;
      await page.goto(mp);
      await expect(navTitle(page)).toHaveText(text.mpTitle);
      await expect(page.getByText(text.mpOutside)).toBeVisible();
      await expect(page.getByRole('img', { name: text.mpQr })).toBeVisible();
      await expectAccessible(page);

      await inWechat(browser, l.locale, async (p) => {
        await p.goto(mp);
        const open = p.getByRole('button', { name: text.mpOpen });
        await expect(open).toBeVisible();
        const tag = p.locator('wx-open-launch-weapp');
        await expect(tag).toHaveAttribute('appid', 'wx5f2ab0c4d1e3f6a7');
        await expect(tag).toHaveAttribute('path', 'pages/index/index?from=shop');
        // The JS-SDK got the server's signed configuration with the open tag.
        const config = await p.evaluate(() => (window as unknown as { __wxSimConfig: { signature: string; openTagList: string[] } }).__wxSimConfig);
        expect(config.signature).toMatch(/^[0-9a-f]{40}$/);
        expect(config.openTagList).toEqual(['wx-open-launch-weapp']);
        await tag.evaluate((el) => el.addEventListener('launch', () => ((window as unknown as { launched: boolean }).launched = true)));
        await open.click();
        expect(await p.evaluate(() => (window as unknown as { launched?: boolean }).launched)).toBe(true);
      });
    });
  });
}
