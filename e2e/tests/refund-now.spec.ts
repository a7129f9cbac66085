import { expect, test } from '@playwright/test';
import { registerAndSignIn } from './support/accounts';
import { consoleSignIn, expectAccessible, searchList } from './support/console';
import { EN, ZH, buyGlobalEsim } from './support/shop';
import { keepScreen } from './support/screens';

/**
 * "Refund now": a customer refunds an eSIM they never installed at once, by the shop's rule, after
 * one confirmation that says where the money goes; the console shows the refund as automatic.
 */
const T = {
  en: {
    buyNow: 'Buy now', submit: 'Place order', pay: 'Pay', paid: 'Payment received', view: 'View order',
    offer: 'This eSIM has not been installed', refundNow: 'Refund now', title: 'Refund this order now?',
    what: 'goes back to the demo payment, at once. The eSIM stops working at once', keep: 'Keep the eSIM', done: 'Refunded', refunded: 'Refunded',
    refundsTab: 'Refunds', search: 'Order no., refund id, payment or provider id', automatic: 'Automatic', approvedBy: 'Automatic: the eSIM was never installed',
    cancelled: 'Cancelled, no longer usable', byRule: 'By Automatic (refund rule) · Shop rule', byCustomer: '· Customer',
  },
  'zh-Hans': {
    buyNow: '立即购买', submit: '提交订单', pay: '支付', paid: '支付成功', view: '查看订单',
    offer: '该eSIM尚未安装', refundNow: '立即退款', title: '立即退款该订单？',
    what: '立即退回演示支付。该eSIM立即失效', keep: '保留eSIM', done: '已退款', refunded: '已退款',
    refundsTab: '退款', search: '订单号、退款单号、支付单号或渠道单号', automatic: '自动', approvedBy: '自动：eSIM从未安装',
    cancelled: '已取消，无法使用', byRule: '操作人 自动（退款规则） · 店铺规则', byCustomer: '· 顾客',
  },
} as const;

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`refund now (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test('buy an eSIM, refund it at once with one confirmation, the console shows it was automatic', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('pages/index/index');
      await registerAndSignIn(page, `refund-now-${l.lang.toLowerCase()}`);
      await buyGlobalEsim(page, text);
      const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
      await page.getByRole('button', { name: text.view }).click();

      // Never installed: the order page offers "Refund now" with its deadline.
      await expect(page.getByRole('note')).toContainText(text.offer);
      const refundNow = page.locator('.action-bar').getByRole('button', { name: text.refundNow });
      await expectAccessible(page);
      await keepScreen(page, `order-${l.lang}`, { fullPage: true });

      // By keyboard: the button opens the confirmation, which says where the money goes.
      await refundNow.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(text.title);
      await expect(dialog).toContainText(text.what);
      // Checked once it has faded in: halfway, its text is paler than it will be.
      await expect(dialog.locator('> div')).toHaveCSS('opacity', '1');
      await expectAccessible(page);
      await keepScreen(page, `confirm-${l.lang}`);
      // Keeping the eSIM changes nothing.
      await dialog.getByRole('button', { name: text.keep }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('note')).toBeVisible();

      await refundNow.click();
      const confirm = page.getByRole('dialog').getByRole('button', { name: text.refundNow });
      await confirm.focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('.order-status-card .order-status')).toHaveText(text.refunded);
      await expect(page.getByRole('note')).toHaveCount(0);
      await expect(page.locator('.action-bar').getByRole('button', { name: text.refundNow })).toHaveCount(0);
      // The refund cancelled the eSIM: listed as such, no way to install it, and nothing to review.
      const esim = page.locator('.delivered-esims .adm-list-item');
      await expect(esim).toContainText(text.cancelled);
      await expect(esim.getByRole('link')).toHaveCount(0);
      await expect(esim.getByRole('button')).toHaveCount(0);
      await expect(page.locator('.order-review')).toHaveCount(0);
      await keepScreen(page, `refunded-${l.lang}`, { fullPage: true });

      // The console: the refunds list and the order's page say it was automatic.
      await consoleSignIn(page, 'finance', l.lang, 'payments?tab=refunds');
      const rows = await searchList(page, text.search, orderNo);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(text.automatic);
      await expectAccessible(page);
      await keepScreen(page, `console-refunds-${l.lang}`);
      await rows.first().getByRole('link', { name: orderNo }).click();
      await expect(page.getByText(text.approvedBy)).toBeVisible();
      // The history names who moved the order, never the recorded "system:rule".
      await expect(page.getByText(text.byRule)).toBeVisible();
      await expect(page.getByText(text.byCustomer).first()).toBeVisible();
      await expect(page.locator('body')).not.toContainText('system:rule');
      await keepScreen(page, `console-order-${l.lang}`, { fullPage: true });
    });
  });
}

const S = {
  en: { days: 'Days after payment', saved: 'Refund rule saved' },
  'zh-Hans': { days: '付款后天数', saved: '退款规则已保存' },
} as const;

for (const lang of ['en', 'zh-Hans'] as const) {
  test(`the owner sets the refund period by keyboard (${lang})`, async ({ page }) => {
    await consoleSignIn(page, 'owner', lang, 'settings/refunds');
    const days = page.getByLabel(S[lang].days);
    await expect(days).toHaveValue(/^\d+$/);
    const before = await days.inputValue();
    await days.fill('14');
    await days.press('Enter');
    await expect(page.getByText(S[lang].saved)).toBeVisible();
    await expectAccessible(page);
    await keepScreen(page, `console-settings-${lang}`);
    // Back to what it was, for the journeys that follow (once the first notice has gone).
    await expect(page.getByText(S[lang].saved)).toBeHidden();
    await days.fill(before);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText(S[lang].saved)).toBeVisible();
  });
}
