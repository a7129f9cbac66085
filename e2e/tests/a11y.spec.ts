import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall, signInAs } from './support/accounts';
import { axeViolations } from './support/axe';
import { createOrder } from './support/orders';
import { LANGS, payInSandbox, productId, showWholeHome } from './support/shop';

/**
 * WCAG 2.2 AA: axe-core on every main page of the shop, in both languages, signed out
 * and signed in. Each page is checked once its content is in (no skeleton left), and every page's
 * findings are collected before the test fails, so one run lists all of them.
 */

const TEXT = {
  en: { buyNow: 'Buy now', submit: 'Place order', pay: 'Pay', paid: 'Payment received' },
  'zh-Hans': { buyNow: '立即购买', submit: '提交订单', pay: '支付', paid: '支付成功' },
} as const;

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.state--loading, .adm-skeleton, .state--spinner')).toHaveCount(0);
  // Page transitions and toasts fade in, and axe reads colours: it waits for CSS animations itself;
  // antd-mobile's fades are springs, an inline opacity on its way between 0 and 1, waited for here.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[style*="opacity"]')).every((e) => {
      const opacity = Number(e.style.opacity || 1);
      return opacity === 0 || opacity === 1;
    }),
  );
}

async function check(page: Page, path: string, found: string[]): Promise<void> {
  await page.goto(path);
  // Home draws what is below its first screen as the reader nears it: all of it is checked.
  if (path === 'pages/index/index') await showWholeHome(page);
  await settled(page);
  for (const v of await axeViolations(page)) found.push(`${path}: ${v}`);
}

for (const l of LANGS) {
  test.describe(`accessibility (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test('signed out: home, goods, login, mine, contact, tutorials have no serious or critical violation', async ({ page }) => {
      const found: string[] = [];
      await page.goto('pages/index/index');
      const goods = await productId(page, 'Asia eSIM');
      for (const path of ['pages/index/index', `pages/goods/goods?id=${goods}`, 'pages/login/regular', 'pages/mine/index', 'pages/mine/contact/contact', 'pages/mine/tutorial/tutorial', 'pages/shop-cart']) {
        await check(page, path, found);
      }
      expect(found, found.join('\n')).toEqual([]);
    });

    test('signed in: cart, checkout, orders, order detail, payment result, eSIMs, addresses have no serious or critical violation', async ({ page }) => {
      const text = TEXT[l.lang];
      const found: string[] = [];
      const token = await signInAs(page, 'demo@simshop.local');
      const esim = await productId(page, 'Global eSIM');
      const sim = await productId(page, 'China Unicom prepaid SIM');
      await apiCall(page, api.item.path, 'save', { proId: sim, quantity: 1 }, token);

      // A paid eSIM order: its detail, the payment result and the eSIM it delivered.
      const orderNo = await createOrder(page, token, esim);
      await page.goto(`pages/order/order-pay?orderNo=${orderNo}`);
      await payInSandbox(page, text);
      await settled(page);
      for (const v of await axeViolations(page)) found.push(`payment-notice: ${v}`);
      await expect
        .poll(async () => {
          const list = await apiCall(page, api.esim.path, 'list', { page: 1, size: 10, i18n: 'en' }, token);
          return (list.data as { items: unknown[] }).items.length;
        }, { timeout: 15_000 })
        .toBeGreaterThan(0);
      const esims = await apiCall(page, api.esim.path, 'list', { page: 1, size: 10, i18n: 'en' }, token);
      const esimId = (esims.data as { items: Array<{ id: number }> }).items[0]!.id;

      for (const path of [
        'pages/shop-cart',
        'pages/order/index',
        `pages/order/order-detail?orderNo=${orderNo}`,
        'pages/mine/index',
        'pages/mine/esim/esim',
        `pages/mine/esim/esim-detail?id=${esimId}`,
        'pages/mine/address/address',
        'pages/mine/address/address-edit',
      ]) {
        await check(page, path, found);
      }
      // Checkout from the cart.
      await page.goto('pages/shop-cart');
      await settled(page);
      await page.locator('.action-bar button.adm-button-primary').click();
      await expect(page).toHaveURL(/order-create/);
      await settled(page);
      for (const v of await axeViolations(page)) found.push(`order-create: ${v}`);
      expect(found, found.join('\n')).toEqual([]);
    });
  });
}
