import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '@simshop/contract';
import { LANGS, answerSessionCallsForFakeSession, at, dialog, navTitle, setStored, tab, tabBar, toast, withoutFirstAnswers } from './support/shop';

/**
 * How the API client reacts to what the network says (SPEC §7), forced by answering the home
 * page's content call in the browser: a lost session, another HTTP status, no network. Home
 * opened first brings its content in its page, so those tests open it without (withoutFirstAnswers).
 */
const CONTENT_CALL = '**/fetch/v3/main/mall/json-content.do?action=get_cache';

for (const { lang, locale, text } of LANGS) {
  test.describe(`API client (${lang})`, () => {
    test.use({ locale });

    test('HTTP 401 clears the session and offers to sign in, back to the page', async ({ page }) => {
      await answerSessionCallsForFakeSession(page);
      await page.goto('pages/mine/index');
      await setStored(page, 'token', 'expired-token');
      await setStored(page, 'userInfo', { id: 1, nickname: 'Ann', role: 1 });
      await setStored(page, 'totalInfo', { cart: 2 });
      await setStored(page, 'cache', { any: 1 });
      await page.reload();
      await expect(tab(page, 1).locator('.adm-badge')).toHaveText('2');

      await page.route(CONTENT_CALL, (route) => route.fulfill({ status: 401, body: '' }));
      await tab(page, 0).click();
      await expect(dialog(page)).toContainText(text.expired);
      // The badge and the stored session are gone before the user decides.
      await expect(tab(page, 1).locator('.adm-badge')).toHaveCount(0);
      const left = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), [STORAGE_KEYS.token, STORAGE_KEYS.userInfo, STORAGE_KEYS.totalInfo, STORAGE_KEYS.cache]);
      expect(left).toEqual([null, null, null, null]);

      await page.locator('.adm-dialog-button').filter({ hasText: text.signIn }).click();
      await expect(page).toHaveURL(/\/uni\/pages\/login\/regular\?redirect=%2Fpages%2Findex%2Findex$/);
      await expect(navTitle(page)).toHaveText(text.loginTitle);
    });

    test('envelope status 401 without a session prompts to sign in; cancel stays', async ({ page }) => {
      await withoutFirstAnswers(page);
      await page.route(CONTENT_CALL, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 401, code: 1060, data: null, msg: 'Please sign in first', i18n: 'res.unauthenticated' }) }));
      await page.goto('');
      await expect(dialog(page)).toContainText(text.unauthenticated);
      await page.locator('.adm-dialog-button').filter({ hasText: text.cancel }).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(page).toHaveURL(at('/'));
      await expect(tabBar(page)).toBeVisible();
    });

    test('another HTTP status is a request error with its code', async ({ page }) => {
      await withoutFirstAnswers(page);
      await page.route(CONTENT_CALL, (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
      await page.goto('');
      await expect(toast(page).filter({ hasText: text.requestError502 })).toBeVisible();
      await expect(page.locator('.state--error')).toBeVisible();
    });

    test('no network is a system error, and retry recovers', async ({ page }) => {
      await withoutFirstAnswers(page);
      await page.route(CONTENT_CALL, (route) => route.abort('connectionrefused'));
      await page.goto('');
      await expect(toast(page).filter({ hasText: text.systemError })).toBeVisible();
      await expect(page.locator('.state--error')).toBeVisible();
      await page.unroute(CONTENT_CALL);
      await page.locator('.state--error').getByRole('button').click();
      await expect(page.locator('.home-section').first()).toBeVisible();
    });

    test('a body with stray escaping still parses', async ({ page }) => {
      await withoutFirstAnswers(page);
      // SPEC §7: backslashes are stripped before parsing (only when the raw text is not JSON).
      await page.route(CONTENT_CALL, async (route) => {
        const response = await route.fetch();
        const escaped = (await response.text()).replace(/"/g, '\\"');
        await route.fulfill({ response, body: escaped });
      });
      await page.goto('');
      await expect(page.locator('.home-section').first()).toBeVisible();
      // Home may ask again meanwhile; that answer is not awaited, and the test's end cancels it.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  });
}
