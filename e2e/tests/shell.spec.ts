import { expect, test } from '@playwright/test';
import { LANGS, at, backButton, expectHomeLoaded, navTitle, setStored, tab, tabBar } from './support/shop';

/** The shell: home, tab bar, cart badge, 404 and going back, in both languages. */
for (const { lang, locale, text } of LANGS) {
  test.describe(`shell (${lang})`, () => {
    test.use({ locale });

    test('the root shows home with its content and the tab bar', async ({ page }) => {
      await page.goto('');
      await expectHomeLoaded(page);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      for (const [i, title] of text.tabs.entries()) await expect(tab(page, i)).toContainText(title);
      await expect(tab(page, 0)).toHaveClass(/adm-tab-bar-item-active/);
    });

    test('tabs switch pages and the address follows', async ({ page }) => {
      await page.goto('');
      await expectHomeLoaded(page);

      await tab(page, 1).click();
      await expect(page).toHaveURL(at('/pages/shop-cart'));
      await expect(navTitle(page)).toHaveText(text.cartTitle);
      await expect(tab(page, 1)).toHaveClass(/adm-tab-bar-item-active/);

      await tab(page, 2).click();
      await expect(page).toHaveURL(at('/pages/order/index'));
      await expect(navTitle(page)).toHaveText(text.orderTitle);

      await tab(page, 3).click();
      await expect(page).toHaveURL(at('/pages/mine/index'));
      await expect(page.getByText(text.myServices)).toBeVisible();

      await tab(page, 0).click();
      await expect(page).toHaveURL(at('/pages/index/index'));
      await expectHomeLoaded(page);
    });

    test('the cart badge shows the stored count and is removed at 0', async ({ page, context }) => {
      await page.goto('');
      await expect(tabBar(page)).toBeVisible();
      const badge = tab(page, 1).locator('.adm-badge');
      await expect(badge).toHaveCount(0);

      await setStored(page, 'totalInfo', { cart: 3 });
      await page.reload();
      await expect(badge).toHaveText('3');
      // The badge is on the cart tab only.
      await expect(tabBar(page).locator('.adm-badge')).toHaveCount(1);

      // Another tab of the shop changing the count updates this one without a reload.
      const other = await context.newPage();
      await other.goto('pages/mine/index');
      await setStored(other, 'totalInfo', { cart: 120 });
      await expect(badge).toHaveText('99+');
      await other.close();

      await setStored(page, 'totalInfo', { cart: 0 });
      await page.reload();
      await expect(tabBar(page)).toBeVisible();
      await expect(badge).toHaveCount(0);
    });

    test('an unknown route shows 404 and the button goes home', async ({ page }) => {
      await page.goto('pages/nope');
      await expect(navTitle(page)).toHaveText(text.notFound);
      await expect(page).toHaveURL(at('/pages/nope'));
      await expect(tabBar(page)).toHaveCount(0);
      await page.getByRole('button', { name: text.returnHome }).click();
      await expect(page).toHaveURL(at('/pages/index/index'));
      await expectHomeLoaded(page);
    });

    test('a page opened from mine goes back to mine through history', async ({ page }) => {
      await page.goto('pages/mine/index');
      await expect(page.getByText(text.myServices)).toBeVisible();
      await page.getByRole('button', { name: text.tutorials }).click();
      await expect(page).toHaveURL(at('/pages/mine/tutorial/tutorial'));
      await expect(navTitle(page)).toHaveText(text.tutorials);
      await expect(tabBar(page)).toHaveCount(0);
      await expect(page.locator('.tutorial-list .adm-list-item').first()).toBeVisible();
      await backButton(page).click();
      await expect(page).toHaveURL(at('/pages/mine/index'));
      await expect(page.getByText(text.myServices)).toBeVisible();
    });

    test('a page opened directly (first page of history) goes back home instead of leaving the shop', async ({ page }) => {
      await page.goto('pages/mine/tutorial/tutorial');
      await expect(page.locator('.tutorial-list .adm-list-item').first()).toBeVisible();
      await backButton(page).click();
      await expect(page).toHaveURL(at('/pages/index/index'));
      await expectHomeLoaded(page);

      // The same from a page further down, opened from a shared link.
      await page.goto('pages/mine/tutorial/tutorial-detail?id=1');
      await expect(page.locator('.tutorial-title')).toBeVisible();
      await backButton(page).click();
      await expect(page).toHaveURL(at('/pages/index/index'));
      await expectHomeLoaded(page);
    });
  });
}

test('the page is capped at 800 px and centred, the tab bar too', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.goto('');
  await expect(tabBar(page)).toBeVisible();
  const root = await page.locator('#root').boundingBox();
  const bar = await tabBar(page).boundingBox();
  expect(root?.width).toBe(800);
  expect(root?.x).toBe(200);
  expect(bar?.width).toBe(800);
  expect(bar?.x).toBe(200);
});
