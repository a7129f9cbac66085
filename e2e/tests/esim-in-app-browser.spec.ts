import { expect, test, type Page } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall, registerAndSignIn } from './support/accounts';
import { expectAccessible } from './support/axe';
import { paidOrder } from './support/orders';
import { EN, ZH } from './support/shop';
import { keepScreen } from './support/screens';

/**
 * A bought eSIM's page opened inside WeChat or Instagram: it says how to open the page in Safari
 * or Chrome, copies its link, and keeps the QR code and the codes; an ordinary browser sees no
 * notice. A demo pool eSIM installed through the SM-DP+ simulator then runs, its details saying installed.
 */
const UA = {
  wechatIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.193 Mobile Safari/537.36 Instagram 312.1.0.34.111 Android (34/14; 480dpi; 1080x2115; samsung; SM-S918B; dm3q; qcom; en_GB; 548323757)',
} as const;
const T = {
  en: { safari: 'Open this page in Safari to install', chrome: 'Open this page in Chrome to install', wechatItem: '“Open in Safari”', instagramItem: '“Open in external browser”', copy: 'Copy link', copied: 'Copied: paste it in your browser', qrTab: 'QR code', installed: 'Installed', active: 'Active', notInstalled: 'Not installed yet', oneTap: 'The one-tap install works in Safari' },
  'zh-Hans': { safari: '请在Safari中打开本页再安装', chrome: '请在Chrome中打开本页再安装', wechatItem: '“在Safari中打开”', instagramItem: '“在外部浏览器中打开”', copy: '复制链接', copied: '链接已复制，请粘贴到浏览器中打开', qrTab: '二维码', installed: '已安装', active: '使用中', notInstalled: '尚未安装', oneTap: '一键安装需在 Safari 中使用' },
} as const;
const EID = '89049032004008882600012345678956';

/** A new customer's paid Asia eSIM (from the demo pool): its page's address and activation code. */
async function boughtEsim(page: Page, tag: string) {
  await page.goto('pages/index/index');
  const { token } = await registerAndSignIn(page, tag);
  await paidOrder(page, token, 'Asia eSIM');
  const list = (await apiCall(page, api.esim.path, 'list', { page: 1, size: 10 }, token)).data as { items: Array<{ id: number; activationCode: string }> };
  expect(list.items).toHaveLength(1);
  return list.items[0]!;
}

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`An eSIM's page inside an app's browser (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test.describe('WeChat on an iPhone', () => {
      test.use({ userAgent: UA.wechatIphone });

      test('says how to open it in Safari, copies the link from the keyboard, shows the QR; installed, the page says so', async ({ page, context, baseURL }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        const esim = await boughtEsim(page, 'inapp-wechat');
        await page.goto(`pages/mine/esim/esim-detail?id=${esim.id}`);
        const notice = page.locator('.open-in-browser');
        await expect(notice.getByRole('heading')).toHaveText(text.safari);
        await expect(notice.locator('.open-in-browser-steps')).toContainText(text.wechatItem);
        // The one-tap link does nothing in WeChat: the QR tab opens first, the codes with it.
        await expect(page.getByRole('tab', { name: text.qrTab })).toHaveAttribute('aria-selected', 'true');
        await expect(page.locator('.install-qr img.qr-code')).toHaveAttribute('alt', new RegExp(esim.activationCode));
        await expect(page.locator('.install-codes')).toContainText(esim.activationCode);
        await expectAccessible(page);
        await keepScreen(page, `in-app-wechat-${l.lang}`, { fullPage: true });

        const copy = notice.getByRole('button', { name: text.copy });
        const box = await copy.boundingBox();
        await copy.focus();
        await page.keyboard.press('Enter');
        await expect(notice.getByRole('button')).toHaveText(text.copied);
        await expect(page.getByRole('status').filter({ hasText: text.copied })).toHaveCount(1);
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
        // Saying so moves nothing: the button keeps its place and size.
        expect(await notice.getByRole('button').boundingBox()).toEqual(box);
        await keepScreen(page, `in-app-wechat-copied-${l.lang}`, { fullPage: true });

        // The iPhone tab explains the one-tap button rather than offering one that does nothing.
        await page.getByRole('tab', { name: 'iPhone' }).click();
        await expect(page.locator('.install-in-app')).toContainText(text.oneTap);

        // The phone installs the pool eSIM (the SM-DP+ simulator holds the demo pools too).
        await expect(page.locator('.esim-plan-state')).toHaveText(text.notInstalled);
        const res = await page.request.post(`${new URL(baseURL!).origin}/smdp-sim/device/install`, { data: { matchingId: esim.activationCode, eid: EID } });
        expect(res.ok()).toBe(true);
        await page.reload();
        // Installed, the phone connects and the plan runs; the details name the install.
        await expect(page.locator('.esim-plan-state')).toHaveText(text.active);
        await page.locator('.esim-details > summary').click();
        await expect(page.locator('.esim-details-list')).toContainText(text.installed);
        await keepScreen(page, `in-app-wechat-installed-${l.lang}`, { fullPage: true });
      });
    });

    test.describe('Instagram on Android', () => {
      test.use({ userAgent: UA.instagramAndroid });

      test('says how to open it in Chrome, copies the link, keeps the codes', async ({ page, context }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        const esim = await boughtEsim(page, 'inapp-instagram');
        await page.goto(`pages/mine/esim/esim-detail?id=${esim.id}`);
        const notice = page.locator('.open-in-browser');
        await expect(notice.getByRole('heading')).toHaveText(text.chrome);
        await expect(notice.locator('.open-in-browser-steps')).toContainText(text.instagramItem);
        // Android's own steps and the codes to type stay on the page.
        await expect(page.locator('.install-codes')).toContainText(esim.activationCode);
        await page.getByRole('tab', { name: text.qrTab }).click();
        await expect(page.locator('.install-qr img.qr-code')).toHaveAttribute('alt', new RegExp(esim.activationCode));
        await notice.getByRole('button', { name: text.copy }).click();
        await expect(notice.getByRole('button')).toHaveText(text.copied);
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
        await expectAccessible(page);
        await keepScreen(page, `in-app-instagram-${l.lang}`, { fullPage: true });
      });
    });

    test('an ordinary browser gets no notice', async ({ page }) => {
      const esim = await boughtEsim(page, 'inapp-none');
      await page.goto(`pages/mine/esim/esim-detail?id=${esim.id}`);
      await expect(page.locator('.install-guide')).toBeVisible();
      await expect(page.locator('.open-in-browser')).toHaveCount(0);
    });
  });
}
