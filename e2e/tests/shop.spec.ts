import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signInAs } from './support/accounts';
import { newAddressFromCheckout } from './support/orders';
import { EN, ZH, confirmEsimPhone, productId, tab, toast } from './support/shop';

/** Shopping journeys, in English and in Chinese. */
const T = {
  en: { addToCart: 'Add to cart', added: 'Added to cart', checkout: 'Check out (1)', submit: 'Place order', pay: 'Pay', approve: 'Approve payment', paid: 'Payment received', view: 'View order', delivered: 'Delivered', refund: 'Refund', refundNow: 'Refund now', reason: 'No longer needed', requestRefund: 'Request refund', refundPending: 'Refund pending', soldOut: 'Sold out', paidStatus: 'Paid (awaiting shipment)', esimPaid: 'Paid (eSIM being issued)', addAddress: 'Add an address', save: 'Save', buyNow: 'Buy now', recharge: 'Recharge', rechargeInvalid: 'Enter the 11-digit phone number or the ICCID of the SIM', wholesale: 'Wholesale $7.90 from 10 pcs', balance: 'Balance' },
  'zh-Hans': { addToCart: '加入购物车', added: '已加入购物车', checkout: '结算（1）', submit: '提交订单', pay: '支付', approve: '确认支付', paid: '支付成功', view: '查看订单', delivered: '已发放', refund: '申请退款', refundNow: '立即退款', reason: '不需要了', requestRefund: '提交退款申请', refundPending: '待退款', soldOut: '已售罄', paidStatus: '已付款（待发货）', esimPaid: '已付款（eSIM 发放中）', addAddress: '新增地址', save: '保存', buyNow: '立即购买', recharge: '立即充值', rechargeInvalid: '请输入该卡的11位手机号码或ICCID', wholesale: '批发价$7.90（10件起）', balance: '余额支付' },
} as const;


async function approveSandbox(page: Page, text: (typeof T)['en' | 'zh-Hans']) {
  await page.locator('.action-bar button').filter({ hasText: text.pay }).click();
  await page.waitForURL(/\/fetch\/pay\/sandbox\//);
  await page.getByRole('button', { name: /Approve payment|确认支付/ }).click();
  await page.waitForURL(/\/pages\/order\/payment-notice/);
  await expect(page.locator('.adm-result-page-title')).toHaveText(text.paid);
}

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`shop (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test('browse → cart → checkout → pay in the sandbox → delivered eSIM → refund request', async ({ page }) => {
      await signInAs(page, 'demo@simshop.local');
      const id = await productId(page, 'Asia eSIM');
      await page.goto(`pages/goods/goods?id=${id}`);
      await page.locator('.spec-value').filter({ hasText: /^10 ?GB$/ }).click();
      await page.locator('.spec-value').filter({ hasText: /^30 ?(days|天)$/ }).click();
      await page.locator('.action-bar button').filter({ hasText: text.addToCart }).click();
      await expect(toast(page).last()).toContainText(text.added);
      await page.goto('pages/index/index');
      await expect(tab(page, 1).locator('.adm-badge-content')).toHaveText(/^[1-9]/);

      await tab(page, 1).click();
      await page.locator('.action-bar button').filter({ hasText: /\(\d+\)|（\d+）/ }).click();
      await expect(page).toHaveURL(/\/pages\/order\/order-create/);
      await expect(page.locator('.amount-total')).toContainText('$');
      await confirmEsimPhone(page);
      await page.locator('.action-bar button').filter({ hasText: text.submit }).click();
      await expect(page).toHaveURL(/\/pages\/order\/order-pay\?orderNo=/);
      await approveSandbox(page, text);

      await page.locator('.action-bar button').filter({ hasText: text.view }).click();
      await expect(page.locator('.order-status-card .order-status')).toHaveText(text.delivered);
      // An eSIM is downloaded, never shipped: its history says what paying led to for this kind.
      await expect(page.locator('.adm-list-item').filter({ hasText: text.esimPaid })).toHaveCount(1);
      await expect(page.locator('main')).not.toContainText(text.paidStatus);
      // Never installed, the eSIM is offered a refund at once from here; the refund page still takes a request with a reason.
      await expect(page.locator('.action-bar button').filter({ hasText: text.refundNow })).toBeVisible();
      const orderNo = new URL(page.url()).searchParams.get('orderNo');
      await page.goto(`pages/order/order-refund?orderNo=${orderNo}`);
      await page.getByRole('radio', { name: text.reason }).click();
      await page.locator('button').filter({ hasText: text.requestRefund }).click();
      await expect(page.locator('.order-status-card .order-status')).toHaveText(text.refundPending);
    });

    test('a physical SIM with a new address made during checkout, paid in the sandbox', async ({ page }) => {
      await newAddressFromCheckout(page, text);
      // Hong Kong asks for an area, no province or post code.
      await page.locator('select[name="country"]').selectOption('HK');
      for (const [name, value] of Object.entries({ detail: "1 Queen's Road", city: 'Central', name: 'Li Lei', tel: '9123 4567' })) {
        await page.locator(`input[name="${name}"]`).fill(value);
      }
      await page.locator('form button[type="submit"]').click();
      // Saved from the checkout's picker: back at the checkout with the new address chosen.
      await expect(page).toHaveURL(/\/pages\/order\/order-create\?addressId=/);
      await expect(page.locator('.address-card')).toContainText('Li Lei 9123 4567');
      await page.getByRole('radio').first().click();
      await page.locator('.action-bar button').filter({ hasText: text.submit }).click();
      await approveSandbox(page, text);
      await page.locator('.action-bar button').filter({ hasText: text.view }).click();
      await expect(page.locator('.order-status-card .order-status')).toHaveText(text.paidStatus);
      await expect(page.getByText('Li Lei')).toBeVisible();
    });

    test('a reseller sees the wholesale price and pays from the balance', async ({ page }) => {
      await signInAs(page, 'reseller@simshop.local', 'demo1234', true);
      const id = await productId(page, 'Asia eSIM');
      await page.goto(`pages/goods/goods?id=${id}`);
      await expect(page.locator('.goods-wholesale')).toHaveText(text.wholesale);
      await page.locator('.action-bar button').filter({ hasText: text.buyNow }).click();
      await confirmEsimPhone(page);
      await page.locator('.action-bar button').filter({ hasText: text.submit }).click();
      await expect(page).toHaveURL(/\/pages\/order\/order-pay/);
      await page.locator('.pay-option').filter({ hasText: text.balance }).click();
      await page.locator('.action-bar button').filter({ hasText: text.pay }).click();
      await expect(page).toHaveURL(/\/pages\/order\/payment-notice/);
      await expect(page.locator('.adm-result-page-title')).toHaveText(text.paid);
    });

    test('sold out products cannot be bought; a wrong recharge number gets its message', async ({ page }) => {
      await signInAs(page, 'demo@simshop.local');
      await page.goto(`pages/goods/goods?id=${await productId(page, 'Europe eSIM')}`);
      await expect(page.locator('.action-bar button').last()).toHaveText(text.soldOut);
      await expect(page.locator('.action-bar button').last()).toBeDisabled();

      await page.goto(`pages/goods/goods?id=${await productId(page, 'Data recharge')}`);
      await page.locator('.action-bar button').filter({ hasText: text.recharge }).click();
      await page.locator('input[name="items.0.inputs.rechargeNumber"]').fill('123');
      await page.locator('.action-bar button').filter({ hasText: text.submit }).click();
      await expect(page.locator('.field-error')).toHaveText(text.rechargeInvalid);
    });
  });
}
