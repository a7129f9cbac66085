import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAs } from './support/accounts';
import { productId } from './support/shop';

/**
 * A merchant's order is collected only at that merchant's own stores: at checkout of a SIM card
 * of Nomad Wireless (whose demo store hands out no orders) the pickup choice offers none of the
 * platform's stores, and says so in the page's language.
 */
const T = {
  en: { locale: 'en-US', buyNow: 'Buy now', atStore: 'Pick up at a store', none: 'No store hands out orders at the moment.', airport: 'SimShop Pudong Airport T2' },
  'zh-Hans': { locale: 'zh-CN', buyNow: '立即购买', atStore: '到店自提', none: '目前没有门店提供自提。', airport: 'SimShop 浦东机场 T2 店' },
} as const;

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = T[lang];
  test.describe(`merchant pickup (${lang})`, () => {
    test.use({ locale: text.locale, extraHTTPHeaders: { 'accept-language': text.locale } });

    test("offers only the order's merchant's stores for pickup", async ({ page }) => {
      await signInAs(page, 'demo@simshop.local');
      await page.goto(`pages/goods/goods?id=${await productId(page, 'Nomad Travel SIM card')}`);
      await page.locator('.action-bar button').filter({ hasText: text.buyNow }).click();
      await expect(page).toHaveURL(/\/pages\/order\/order-create/);
      const choice = page.locator('.pickup-choice');
      await expect(choice.getByText(text.none)).toBeVisible();
      await expect(choice.getByRole('button', { name: new RegExp(text.atStore) })).toBeDisabled();
      await expect(choice.locator('.pickup-store')).toHaveCount(0);
      await expect(page.getByText(text.airport)).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}
