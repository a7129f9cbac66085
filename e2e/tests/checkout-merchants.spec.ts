import { expect, test, type Page } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall, signInAs } from './support/accounts';
import { EN, ZH, confirmEsimPhone, payInSandbox, productId, tab } from './support/shop';

/**
 * In both languages: a cart with an eSIM of the platform and one of a second merchant
 * (Nomad Wireless, from the demo data) is grouped by merchant, checked out as one checkout with
 * each merchant's part shown, paid once in the sandbox, and then listed as two orders grouped
 * together, each naming its merchant and linking to the other.
 */
const T = {
  en: { platform: 'SimShop', nomad: 'Nomad Wireless', checkout: /Check out \(2\)/, note: 'Your items come from 2 shops', submit: 'Place order', pay: 'Pay', paid: 'Payment received', together: 'Paid together · 2 orders', soldBy: 'Sold by Nomad Wireless', siblings: 'Orders paid together', oneItem: '1 item ·', emptyCart: 'Your cart is empty', emptyDesc: 'Find an eSIM or SIM card for your next trip.', browse: 'Browse plans' },
  'zh-Hans': { platform: 'SimShop 自营', nomad: '游牧通信', checkout: /结算（2）/, note: '您的商品来自 2 家店铺', submit: '提交订单', pay: '支付', paid: '支付成功', together: '同一次付款 · 2 个订单', soldBy: '游牧通信 销售', siblings: '同一次付款的订单', oneItem: '共1件 ·', emptyCart: '购物车是空的', emptyDesc: '为下一次出行挑选 eSIM 或 SIM 卡。', browse: '浏览套餐' },
} as const;

/** Empties the account's cart and puts the first SKU of each named product in it, through the API. */
async function cartOf(page: Page, token: string, names: string[]) {
  const cart = (await apiCall(page, api.item.path, 'list', { i18n: 'en' }, token)).data as { items: { id: number }[] };
  if (cart.items.length) await apiCall(page, api.item.path, 'remove', { ids: cart.items.map((l) => l.id), i18n: 'en' }, token);
  for (const name of names) {
    const id = await productId(page, name);
    const saved = await apiCall(page, api.item.path, 'save', { proId: id, quantity: 1 }, token);
    expect(saved.code, JSON.stringify(saved)).toBe(0);
  }
}

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`two-merchant checkout (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test('a cart of two merchants → one sandbox payment → two orders grouped in the list', async ({ page }) => {
      const token = await signInAs(page, 'demo@simshop.local');
      await cartOf(page, token, ['Asia eSIM', 'Nomad Japan eSIM']);

      // The cart: one group per merchant, each with its name and subtotal.
      await page.goto('pages/index/index');
      await tab(page, 1).click();
      await expect(page.locator('.cart-merchant-name')).toHaveText([text.platform, text.nomad]);
      await expect(page.locator('.cart-merchant-subtotal')).toHaveCount(2);

      // Checkout: each merchant's part with its own total, and one total to pay.
      await page.locator('.action-bar button').filter({ hasText: text.checkout }).click();
      await expect(page).toHaveURL(/\/pages\/order\/order-create/);
      await expect(page.locator('.checkout-note')).toContainText(text.note);
      await expect(page.locator('.checkout-part h2')).toHaveText([text.platform, text.nomad]);
      await expect(page.locator('.amount-total')).toContainText('$');
      await confirmEsimPhone(page);
      await page.locator('.action-bar button').filter({ hasText: text.submit }).click();

      // One payment covers both orders.
      await expect(page).toHaveURL(/\/pages\/order\/order-pay\?orderNo=/);
      await expect(page.locator('#pay-covers')).toHaveText(text.together);
      await payInSandbox(page, text);

      // The list: both orders together, each trackable on its own.
      await page.goto('pages/index/index');
      await tab(page, 2).click();
      const group = page.locator('.order-checkout-group').first();
      await expect(group.locator('.order-checkout-group-head')).toHaveText(text.together);
      await expect(group.locator('.order-card')).toHaveCount(2);
      await expect(group.locator('.order-card').filter({ hasText: text.nomad })).toHaveCount(1);
      await expect(group.locator('.order-merchant').filter({ hasText: text.platform })).toHaveCount(1);
      // One item is counted as one, not "item(s)".
      await expect(group.locator('.order-card-total').first()).toContainText(text.oneItem);

      // The whole card opens its order: anywhere on it with a tap, and from the keyboard as one link.
      // The middle of the card (its items), not its order-number line.
      await group.locator('.order-card').filter({ hasText: text.platform }).click();
      await expect(page).toHaveURL(/\/pages\/order\/order-detail\?orderNo=/);
      await page.goBack();
      const nomadCard = group.locator('.order-card').filter({ hasText: text.nomad });
      await expect(nomadCard.getByRole('link')).toHaveCount(1);
      await nomadCard.getByRole('link').focus();
      await page.keyboard.press('Enter');

      // The detail names its merchant and links to the other order of the same payment.
      await expect(page).toHaveURL(/\/pages\/order\/order-detail\?orderNo=/);
      await expect(page.locator('.order-merchant')).toHaveText(text.soldBy);
      await expect(page.locator('#checkout-siblings-title')).toHaveText(text.siblings);
      await page.locator('.checkout-siblings a').click();
      await expect(page.locator('.order-merchant')).toContainText(text.platform);
    });

    test('an empty cart says so in our words and leads to the plans', async ({ page }) => {
      const token = await signInAs(page, 'demo@simshop.local');
      await cartOf(page, token, []);
      await page.goto('pages/index/index');
      await tab(page, 1).click();
      const empty = page.locator('.cart-empty');
      await expect(empty).toContainText(text.emptyCart);
      await expect(empty).toContainText(text.emptyDesc);
      // Not antd-mobile's own search hint.
      await expect(empty).not.toContainText(/new search|搜索/);
      await empty.getByRole('button', { name: text.browse }).click();
      await expect(page).toHaveURL(/\/pages\/index\/index$/);
    });
  });
}
