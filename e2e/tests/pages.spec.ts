import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '@simshop/contract';
import { LANGS, answerSessionCallsForFakeSession, at, backButton, dialog, navTitle, setStored, tab } from './support/shop';

/** Every entry of the mine page leads to its route (a built page or a placeholder): no dead links. */
test('every mine page entry opens its page', async ({ page }) => {
  const entries: Array<[string, string]> = [
    ['.adm-grid-item >> nth=0', '/pages/mine/device/device'],
    ['.adm-grid-item >> nth=1', '/pages/mine/esim/esim'],
    ['.adm-grid-item >> nth=2', '/pages/mine/supsim/supsim'],
    ['.adm-grid-item >> nth=3', '/pages/mine/qpe/qpe-customize'],
    ['.adm-grid-item >> nth=4', '/pages/mine/qpe/qpe-fetch'],
    ['.adm-grid-item >> nth=5', '/pages/mine/tutorial/tutorial'],
    ['.adm-grid-item >> nth=6', '/pages/common/esim-self-adder'],
    ['text=Addresses', '/pages/mine/address/address'],
    ['text=Personal information', '/pages/mine/user-info'],
    ['text=Bind / unbind phone', '/pages/mine/bind-tel'],
    ['text=Change password', '/pages/mine/modify-passwd'],
    ['text=Contact us', '/pages/mine/contact/contact'],
    // Signed out, the application asks to sign in on its own page.
    ['text=Become a reseller', '/pages/mine/reseller-apply'],
  ];
  await page.goto('pages/mine/index');
  // "My ECodes" is a reseller's entry: not on a signed-out (or regular) customer's page.
  await expect(page.locator('.adm-grid-item').first()).toBeVisible();
  await expect(page.locator('.adm-grid-item', { hasText: 'My ECodes' })).toHaveCount(0);
  for (const [selector, path] of entries) {
    await page.locator(selector).click();
    await expect(page, selector).toHaveURL(at(path));
    await expect(navTitle(page)).not.toHaveText('');
    await page.goBack();
    await expect(page).toHaveURL(at('/pages/mine/index'));
  }
  // Login pages are relaunched (the entry is replaced) with a redirect back here. Signed out, the last entry signs in.
  await page.locator('.adm-list-item', { hasText: /^Sign in$/ }).click();
  await expect(page).toHaveURL(/\/uni\/pages\/login\/regular\?redirect=%2Fpages%2Fmine%2Findex$/);
  // And so does the header.
  await page.goto('pages/mine/index');
  await page.locator('.user-card').click();
  await expect(page).toHaveURL(/\/uni\/pages\/login\/regular\?redirect=%2Fpages%2Fmine%2Findex$/);
});

for (const { lang, locale, text } of LANGS) {
  test.describe(`pages (${lang})`, () => {
    test.use({ locale });

    test('the contact page shows the work hours', async ({ page }) => {
      await page.goto('pages/mine/contact/contact');
      await expect(page.getByText(text.workHours)).toBeVisible();
      await backButton(page).click();
      await expect(page).toHaveURL(at('/pages/index/index'));
    });

    test('the external page embeds a web address and refuses anything else', async ({ page }) => {
      await page.goto(`pages/web/external?url=${encodeURIComponent('https://example.com/help?a=1')}`);
      await expect(navTitle(page)).toHaveText('example.com');
      await expect(page.locator('iframe.external-frame')).toHaveAttribute('src', 'https://example.com/help?a=1');

      await page.goto(`pages/web/external?url=${encodeURIComponent('javascript:alert(1)')}`);
      await expect(page.getByText(text.invalidAddress)).toBeVisible();
      await expect(page.locator('iframe')).toHaveCount(0);
    });

    test('the external page is no open redirect: leaving for another site in this window asks first', async ({ page }) => {
      const leave = { en: ['You are leaving SimShop', 'Continue to example.com', 'Stay on SimShop'], 'zh-Hans': ['您即将离开 SimShop', '继续前往 example.com', '留在 SimShop'] }[lang];
      await page.goto(`pages/web/external?url=${encodeURIComponent('https://example.com/login')}&target=_self`);
      await expect(page.getByText(leave[0]!)).toBeVisible();
      await expect(page.getByText('https://example.com/login')).toBeVisible();
      // Still on the shop: nothing navigated away by itself.
      await expect(page).toHaveURL(/\/uni\/pages\/web\/external/);
      await page.locator('button').filter({ hasText: leave[2]! }).click();
      await expect(page).toHaveURL(at('/pages/index/index'));
      await expect(page.locator('button').filter({ hasText: leave[1]! })).toHaveCount(0);
    });

    test('signed in, the mine page greets the user and signs out after confirming', async ({ page }) => {
      await answerSessionCallsForFakeSession(page);
      await page.goto('pages/mine/index');
      await setStored(page, 'token', 'some-token');
      await setStored(page, 'userInfo', { id: 1, nickname: 'Ann', role: 1 });
      await setStored(page, 'totalInfo', { cart: 1 });
      await page.reload();
      await expect(page.locator('.user-card')).toContainText(text.greeting);

      await page.locator('.adm-list-item', { hasText: text.signOut }).click();
      await expect(dialog(page)).toContainText(text.logoutContent);
      // The dialog's title says what it asks, not "Tip".
      await expect(page.locator('.adm-dialog-title')).toHaveText(lang === 'en' ? 'Sign out?' : '退出登录？');
      await page.locator('.adm-dialog-button').filter({ hasText: text.confirm }).click();
      await expect(page.locator('.adm-list-item', { hasText: new RegExp(`^${text.signIn}$`) })).toBeVisible();
      await expect(tab(page, 1).locator('.adm-badge')).toHaveCount(0);
      expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.token)).toBeNull();
      // The language choice survives signing out.
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    });

    test('the mine page shows the version label', async ({ page }) => {
      await page.goto('pages/mine/index');
      await expect(page.locator('.version-label')).toContainText('v1.0');
    });
  });
}
