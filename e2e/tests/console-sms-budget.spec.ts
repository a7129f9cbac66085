import { expect, test } from '@playwright/test';
import { consoleSignIn, expectAccessible } from './support/console';
import { onShopDatabase } from './support/shop-database';

/**
 * The shop's daily SMS budget on the console's dashboard: from 80 % of it on, the owner is
 * warned, in both languages.
 */
const TEXT = {
  en: { dashboard: 'Dashboard', warning: /Text messages: 850 of today's budget of 1000 sent \(85 %\)/ },
  'zh-Hans': { dashboard: '概览', warning: /短信：今日已发送 850 条，预算 1000 条（85%）/ },
} as const;

/** Sets today's SMS count on the test server's database (null: no row, as on a quiet day). */
function setSmsSentToday(sent: number | null) {
  onShopDatabase(`const day = new Date().toISOString().slice(0, 10);
await db.deleteFrom('sms_budget').where('day', '=', day).execute();
${sent === null ? '' : `await db.insertInto('sms_budget').values({ day, sent: ${sent} }).execute();`}`);
}

test.describe('console: the SMS budget on the dashboard', () => {
  test.afterEach(() => setSmsSentToday(null));

  for (const lang of ['en', 'zh-Hans'] as const) {
    const text = TEXT[lang];
    test(`warns from 80 % of the day's budget on (${lang})`, async ({ page }) => {
      setSmsSentToday(10);
      await consoleSignIn(page, 'owner', lang);
      await expect(page.getByRole('heading', { name: text.dashboard, level: 3 })).toBeVisible();
      await expect(page.getByTestId('sms-budget-alert')).toHaveCount(0);

      setSmsSentToday(850);
      await page.reload();
      await expect(page.getByRole('alert').filter({ hasText: text.warning })).toBeVisible();
      await expectAccessible(page);
    });
  }
});
