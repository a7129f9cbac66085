import { expect, test } from '@playwright/test';
import { signInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { at, LANGS, navTitle } from './support/shop';
import { keepScreen } from './support/screens';

/**
 * Mine → API: the reseller sets the API's daily spend limit in CNY by keyboard, sees today's
 * spending against it, is told when the amount typed is not one, and removes the limit again
 * (CNY, so the other journeys' USD orders through the API are never near a limit).
 */
const T = {
  en: { title: 'Daily spend limit', label: 'Limit a day in CNY', save: 'Save', saved: 'The CNY limit is saved', used: /Spent through the API today: .+ of ¥250\.00/, invalid: 'Type an amount such as 500 or 500.00', remove: 'Remove the CNY limit', removed: 'The CNY limit is removed', none: /No limit\. Spent through the API today/ },
  'zh-Hans': { title: '每日消费上限', label: 'CNY 每日上限', save: '保存', saved: 'CNY 上限已保存', used: /今天通过 API 已消费：.+ \/ ¥250\.00/, invalid: '请输入金额，例如 500 或 500.00', remove: '取消上限（CNY）', removed: 'CNY 上限已取消', none: /未设上限。今天通过 API 已消费/ },
} as const;

for (const { lang, locale } of LANGS) {
  const text = T[lang];
  test.describe(`API spend limit (${lang})`, () => {
    test.use({ locale, extraHTTPHeaders: { 'accept-language': locale } });

    test('a reseller sets, checks and removes the daily limit by keyboard', async ({ page }) => {
      await signInAs(page, 'reseller@simshop.local', 'demo1234', true);
      await page.goto('pages/mine/api');
      await expect(page).toHaveURL(at('/pages/mine/api'));
      await expect(navTitle(page)).toBeVisible();
      const card = page.getByRole('region', { name: text.title });
      await expect(card).toBeVisible();
      const field = card.getByLabel(text.label);

      // Not an amount: refused beside the field, nothing saved.
      await field.focus();
      await page.keyboard.type('lots');
      await page.keyboard.press('Enter');
      await expect(card.getByRole('alert')).toHaveText(text.invalid);
      await expect(field).toHaveAttribute('aria-invalid', 'true');

      await field.fill('');
      await page.keyboard.type('250');
      await page.keyboard.press('Enter');
      await expect(page.getByText(text.saved)).toBeVisible();
      await expect(card.getByText(text.used)).toBeVisible();
      await expect(card.getByRole('alert')).toHaveCount(0);
      await expectAccessible(page);
      await keepScreen(page, `spend-limit-${lang}`, { fullPage: true });
      // The page fits a 390 px screen: nothing wider than the viewport.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await card.getByRole('button', { name: text.remove }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText(text.removed)).toBeVisible();
      await expect(card.getByText(text.none).last()).toBeVisible();
      await expect(card.getByRole('button', { name: text.remove })).toHaveCount(0);
    });
  });
}
