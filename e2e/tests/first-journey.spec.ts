import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall, signInAs } from './support/accounts';
import { createOrder, emptyCart } from './support/orders';
import { LANGS, confirmEsimPhone, payInSandbox, productId, tab, toast, showWholeHome } from './support/shop';

/**
 * The defects of a first journey on a phone (390 px), in both languages: a cart of two
 * currencies, the cart badge after ordering, the way from payment to the eSIM, digital orders
 * without shipping, the layout at 390 px and messages written for people.
 */
const T = {
  en: {
    note: /An order is paid in one currency/,
    switched: 'Only the items in US dollars are selected now: an order is paid in one currency.',
    checkoutUsd: /Check out in US dollars \(1\)/,
    checkoutCny: /Check out in yuan \(RMB\) \(1\)/,
    submit: 'Place order',
    pay: 'Pay',
    paid: 'Payment received',
    esims: 'Your eSIMs',
    install: 'QR code and install',
    confirmReceipt: 'Confirm receipt',
    shipping: 'Shipping',
    offline: 'You are offline. Check your connection and try again.',
    missing: 'This product is no longer available.',
    seePlans: 'See all plans',
    increase: 'One more',
  },
  'zh-Hans': {
    note: /每个订单只能用一种币种支付/,
    switched: '现在只选择了美元商品：每个订单只能用一种币种支付。',
    checkoutUsd: /以美元结算（1）/,
    checkoutCny: /以人民币结算（1）/,
    submit: '提交订单',
    pay: '支付',
    paid: '支付成功',
    esims: '您的eSIM',
    install: '二维码与安装',
    confirmReceipt: '确认收货',
    shipping: '运费',
    offline: '您已离线，请检查网络连接后重试。',
    missing: '该商品不存在或已下架。',
    seePlans: '查看全部套餐',
    increase: '增加一件',
  },
} as const;

/** No element of the page sticks out of the 390 px screen. */
async function expectNothingWiderThanScreen(page: Page, selector: string): Promise<void> {
  const boxes = await page.locator(selector).evaluateAll((els) => els.map((e) => ({ left: e.getBoundingClientRect().left, right: e.getBoundingClientRect().right })));
  expect(boxes.length, selector).toBeGreaterThan(0);
  for (const b of boxes) {
    expect(b.left, selector).toBeGreaterThanOrEqual(0);
    expect(b.right, selector).toBeLessThanOrEqual(390);
  }
}

for (const l of LANGS) {
  const text = T[l.lang];
  test.describe(`first journey (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test('a cart of dollars and yuan: a subtotal each, one currency per checkout, and the badge follows the order', async ({ page }) => {
      await page.goto('pages/index/index');
      const token = await signInAs(page, 'demo@simshop.local');
      // The demo account may hold lines from another journey: start from an empty cart.
      await emptyCart(page, token);
      await apiCall(page, api.item.path, 'save', { proId: await productId(page, 'China Unicom prepaid SIM'), quantity: 1 }, token);
      await apiCall(page, api.item.path, 'save', { proId: await productId(page, 'Asia eSIM'), quantity: 1 }, token);

      // Lines start unselected here, so each tap below is a choice.
      const lines = (await apiCall(page, api.item.path, 'list', { i18n: 'en' }, token)).data as { items: Array<{ id: number }> };
      await apiCall(page, api.item.path, 'select', { ids: lines.items.map((i) => i.id), selected: false, i18n: 'en' }, token);

      await page.goto('pages/shop-cart');
      await expect(page.locator('.cart-group')).toHaveCount(2);
      await expect(page.locator('.cart-note')).toHaveText(text.note);
      const group = (currency: string) => page.locator('.cart-group').filter({ has: page.locator(`.cart-line[data-currency="${currency}"]`) });
      // Everything is on the screen at 390 px: the select-all boxes, the lines, the bar.
      await expectNothingWiderThanScreen(page, '.cart-select-all, .cart-line, .cart-bar, .qty-stepper');

      await page.locator('.cart-line[data-currency="CNY"] .cart-line-check').click();
      await expect(group('CNY').locator('.cart-subtotal')).toContainText('¥59.00');
      await expect(page.locator('.cart-bar .adm-button-primary')).toHaveText(text.checkoutCny);
      await expect(page.locator('.cart-total')).toContainText('¥59.00');

      // Choosing the dollar line unselects the yuan line, and says so; never yuan added to dollars.
      await page.locator('.cart-line[data-currency="USD"] .cart-line-check').click();
      await expect(page.locator('.cart-note')).toHaveText(text.switched);
      await expect(page.locator('.cart-line[data-currency="CNY"]').getByRole('checkbox')).not.toBeChecked();
      await expect(group('USD').locator('.cart-subtotal')).toContainText('$9.90');
      await expect(group('CNY').locator('.cart-subtotal')).toContainText('¥0.00');
      await expect(page.locator('.cart-bar .adm-button-primary')).toHaveText(text.checkoutUsd);
      await expect(page.locator('.cart-total')).toContainText('$9.90');

      await page.locator('.cart-bar .adm-button-primary').click();
      await expect(page).toHaveURL(/order-create/);
      const draft = await page.evaluate(() => JSON.parse(sessionStorage.getItem('simshop.orderDraft') ?? '[]') as unknown[]);
      expect(draft).toHaveLength(1);
      await confirmEsimPhone(page);
      await page.locator('.action-bar button').filter({ hasText: text.submit }).click();
      await expect(page).toHaveURL(/order-pay/);
      // One line left (the yuan SIM card): the badge says 1, no longer 2.
      await page.goto('pages/index/index');
      await expect(tab(page, 1).locator('.adm-badge')).toHaveText('1');
      const left = (await apiCall(page, api.item.path, 'list', { i18n: 'en' }, token)).data as { items: Array<{ currency: string }> };
      expect(left.items.map((i) => i.currency)).toEqual(['CNY']);
    });

    test('from payment straight to the eSIM: the payment result and the order link each eSIM; no receipt, no shipping', async ({ page }) => {
      const token = await signInAs(page, 'demo@simshop.local');
      const orderNo = await createOrder(page, token, await productId(page, 'Asia eSIM'));
      await page.goto(`pages/order/order-pay?orderNo=${orderNo}`);
      await payInSandbox(page, text);

      const esims = page.locator('.delivered-esims');
      await expect(esims).toContainText(text.esims);
      await expect(esims.locator('.adm-list-item')).toHaveCount(1);
      await expect(page.locator('.action-bar')).toBeInViewport();
      await esims.locator('.adm-list-item').filter({ hasText: text.install }).click();
      await expect(page).toHaveURL(/esim-detail\?id=\d+/);
      await expect(page.locator('img.qr-code')).toBeVisible();
      // The EID and other long values stay inside the screen.
      await expectNothingWiderThanScreen(page, '.adm-list-item-content-extra');

      await page.goto(`pages/order/order-detail?orderNo=${orderNo}`);
      await expect(page.locator('.delivered-esims .adm-list-item')).toHaveCount(1);
      await expect(page.locator('.order-status--done')).toBeVisible();
      await expect(page.locator('.amounts')).not.toContainText(text.shipping);
      await expect(page.locator('.order-actions')).not.toContainText(text.confirmReceipt);
      // The action bar keeps to the bottom of the screen.
      const bar = await page.locator('.action-bar').boundingBox();
      expect(bar!.y + bar!.height).toBeGreaterThan(844 - 2);
    });

    test('messages for people: no field names, and "You are offline" when the phone is', async ({ page, context }) => {
      await page.goto('pages/goods/goods?id=999999');
      // A product that is gone says so and leads on to the others, rather than offering a retry;
      // the page says it, so no toast repeats it.
      await expect(page.getByText(text.missing)).toBeVisible();
      // Every call of the page answered (the product, its reviews, its coupons): none of them toasted.
      await page.waitForLoadState('networkidle');
      await expect(toast(page)).toHaveCount(0);
      await page.getByRole('button', { name: text.seePlans }).click();
      await expect(page).toHaveURL(/\/pages\/index\/index$/);

      await page.goto('pages/index/index');
      const token = await signInAs(page, 'demo@simshop.local');
      await emptyCart(page, token);
      await apiCall(page, api.item.path, 'save', { proId: await productId(page, 'Asia eSIM'), quantity: 1 }, token);
      await page.goto('pages/shop-cart');
      await expect(page.locator('.cart-line')).toHaveCount(1);
      await context.setOffline(true);
      await page.getByRole('button', { name: text.increase }).click();
      await expect(toast(page)).toHaveText(text.offline);
      await context.setOffline(false);
    });

    test('layout at 390 px: home lists, address cards inside the screen', async ({ page }) => {
      await page.goto('pages/index/index');
      await showWholeHome(page);
      await expectNothingWiderThanScreen(page, '.home-section, .product-list, .product-image');
      const token = await signInAs(page, 'demo@simshop.local');
      const saved = await apiCall(page, api.address.path, 'save', { name: 'Ann Traveller', tel: '+8613800138000', country: 'China', province: 'Guangdong', city: 'Shenzhen', district: 'Nanshan', detail: 'Room 1203, 88 Long Street Name That Goes On', defaultAddr: false }, token);
      expect(saved.code, JSON.stringify(saved)).toBe(0);
      await page.goto('pages/mine/address/address');
      await expect(page.locator('.address-card').first()).toBeVisible();
      await expectNothingWiderThanScreen(page, '.address-card');
      await expect(page.locator('.action-bar')).toBeInViewport();
    });
  });
}
