import { expect, test } from '@playwright/test';
import { registerAndSignIn } from './support/accounts';
import { expectAccessible } from './support/axe';
import { EN, ZH, confirmEsimPhone, productId, tab, toast } from './support/shop';
import { keepScreen } from './support/screens';

/**
 * No surprise at checkout: the card fee is said where the price is (goods page, cart) and summed on
 * the confirmation, so the payment step shows no new number; only the methods usable here are
 * offered, each with its fee.
 */
const T = {
  en: { rule: 'Card payments add 4.5 %; other payment methods add nothing.', short: 'Card payments +4.5 %', added: 'Added to cart', checkout: 'Check out (1)', byCard: 'Paying by card', submit: 'Place order', card: 'Card (Stripe)', cardFee: '+$0.45 card fee', sandbox: 'Sandbox (demo payment)', noFee: 'No fee', wechat: 'WeChat Pay', pay: (amount: string) => `Pay ${amount}`, paid: 'Payment received' },
  'zh-Hans': { rule: '银行卡支付加收 4.5% 手续费，其他支付方式不加收。', short: '银行卡支付 +4.5%', added: '已加入购物车', checkout: '结算（1）', byCard: '使用银行卡支付', submit: '提交订单', card: '银行卡（Stripe）', cardFee: '+$0.45 银行卡手续费', sandbox: '沙盒支付（演示）', noFee: '无手续费', wechat: '微信支付', pay: (amount: string) => `支付${amount}`, paid: '支付成功' },
} as const;

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`checkout fees (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test('the card fee is said on the goods page, in the cart and on the confirmation; the payment step offers only usable methods', async ({ page }) => {
      test.setTimeout(90_000);
      // A new customer: an empty cart, whatever other journeys left in the demo account's.
      await registerAndSignIn(page, 'fees');

      // The goods page: $9.90, and the card fee under it.
      await page.goto(`pages/goods/goods?id=${await productId(page, 'Asia eSIM')}`);
      await expect(page.locator('.goods-price')).toHaveText('$9.90');
      await expect(page.locator('.goods-head .fee-note')).toHaveText(text.rule);
      await keepScreen(page, `goods-${l.lang}`);
      await page.locator('.action-bar button').first().click();
      await expect(toast(page)).toHaveText(text.added);

      // The cart: the fee in short beside the total.
      await page.goto('pages/index/index');
      await tab(page, 1).click();
      await expect(page.locator('.cart-total strong')).toHaveText('$9.90');
      await expect(page.locator('.cart-total .fee-note')).toHaveText(text.short);
      await keepScreen(page, `cart-${l.lang}`);
      await page.locator('.action-bar button').filter({ hasText: text.checkout }).click();

      // The confirmation: the total, and what paying by card comes to (4.5 % of 9.90 is 0.4455 → 0.45).
      await expect(page).toHaveURL(/\/pages\/order\/order-create/);
      await expect(page.locator('.amount-total')).toHaveText('$9.90');
      const byCard = page.locator('.amount-card');
      await expect(byCard).toContainText(text.byCard);
      await expect(byCard).toContainText('$10.35');
      await expect(byCard).toContainText('$0.45');
      await confirmEsimPhone(page);
      await expectAccessible(page);
      await keepScreen(page, `confirm-${l.lang}`, { fullPage: true });
      await page.locator('.action-bar button').filter({ hasText: text.submit }).click();

      // The payment step: card and the sandbox, each with its fee; WeChat Pay, which this shop does
      // not take, is not offered at all, and no method carries an error note.
      await expect(page).toHaveURL(/\/pages\/order\/order-pay\?orderNo=/);
      const options = page.locator('.pay-option');
      await expect(options).toHaveCount(2);
      await expect(options.nth(0)).toContainText(text.card);
      await expect(options.nth(0)).toContainText(text.cardFee);
      await expect(options.nth(1)).toContainText(text.sandbox);
      await expect(options.nth(1)).toContainText(text.noFee);
      await expect(page.getByText(text.wechat)).toHaveCount(0);
      await expect(page.locator('.pay-option .field-error')).toHaveCount(0);
      // The method without a fee is chosen at first; choosing the card by keyboard gives the card total the confirmation said.
      const payButton = page.locator('.action-bar button');
      await expect(payButton).toHaveText(text.pay('$9.90'));
      await options.nth(0).locator('input').focus();
      await page.keyboard.press('Space');
      await expect(payButton).toHaveText(text.pay('$10.35'));
      await expectAccessible(page);
      await keepScreen(page, `pay-${l.lang}`, { fullPage: true });
      await options.nth(1).locator('input').focus();
      await page.keyboard.press('Space');
      await expect(payButton).toHaveText(text.pay('$9.90'));
      await payButton.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/fetch\/pay\/sandbox\//);
      await page.getByRole('button', { name: /Approve payment|确认支付/ }).click();
      await expect(page.locator('.adm-result-page-title')).toHaveText(text.paid);
    });
  });
}
