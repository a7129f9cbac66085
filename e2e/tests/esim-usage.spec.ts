import { expect, test } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall, registerAndSignIn } from './support/accounts';
import { expectAccessible } from './support/axe';
import { paidOrder } from './support/orders';
import { EN, ZH } from './support/shop';

/** An eSIM's page leads with its data left and days left, in English and in Chinese. */
const T = {
  en: { planDays: '15 days', starts: 'Starts when you first connect at your destination', of: 'left of 3 GB', bar: 'Data left', barText: /^[\d.]+ (GB|MB) left of 3 GB$/, daysLeft: '15 days left', until: /^Until / },
  'zh-Hans': { planDays: '15 天', starts: '在目的地首次联网时开始计算', of: '，共 3 GB', bar: '剩余流量', barText: /^剩余 [\d.]+ (GB|MB)，共 3 GB$/, daysLeft: '剩余 15 天', until: /^有效期至 / },
} as const;
const EID = '89049032004008882600012345678956';

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`eSIM data and days left (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test('a bought eSIM shows its data and days left, counted from its first connection', async ({ page, baseURL }) => {
      await page.goto('pages/index/index');
      // A new account: its list holds only this journey's eSIM.
      const { token } = await registerAndSignIn(page, 'usage');
      await paidOrder(page, token, 'Global eSIM');
      // The SM-DP+ issues the profile from the outbox, within a moment of the payment.
      let esim: { id: number; activationCode: string } | undefined;
      await expect
        .poll(
          async () => {
            const list = (await apiCall(page, api.esim.path, 'list', { page: 1, size: 10 }, token)).data as { items: Array<{ id: number; activationCode: string }> };
            esim = list.items[0];
            return esim;
          },
          { timeout: 15_000 },
        )
        .toBeDefined();

      await page.goto('pages/mine/esim/esim');
      await page.locator('.esim-card-link').first().click();
      // The list keeps showing until the eSIM's page is ready, and its cards show usage too.
      await expect(page).toHaveURL(/\/pages\/mine\/esim\/esim-detail\?id=\d+/);
      await expect(page.locator('.esim-details')).toBeAttached();
      // Before it connects: the whole plan, and what starts the days.
      const usage = page.locator('.esim-usage');
      await expect(usage.locator('.esim-usage-data')).toContainText('3 GB');
      await expect(usage.locator('.esim-usage-data')).toContainText(text.of);
      await expect(usage.locator('.esim-usage-days')).toContainText(text.planDays);
      await expect(usage.locator('.esim-usage-days')).toContainText(text.starts);

      // The phone installs it and connects: the days run and the data goes down.
      const res = await page.request.post(`${new URL(baseURL!).origin}/smdp-sim/device/install`, { data: { matchingId: esim!.activationCode, eid: EID } });
      expect(res.ok()).toBe(true);
      await page.reload();
      const bar = page.getByRole('progressbar', { name: text.bar });
      await expect(bar).toHaveAttribute('aria-valuetext', text.barText);
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(90);
      await expect(usage.locator('.esim-usage-days .esim-usage-figure')).toHaveText(text.daysLeft);
      await expect(usage.locator('.esim-usage-days .esim-usage-sub')).toHaveText(text.until);
      // The technical fields stay folded under "Details".
      await expect(page.locator('.esim-details')).not.toHaveAttribute('open', '');
      await expectAccessible(page);
    });
  });
}
