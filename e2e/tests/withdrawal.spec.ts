import { expect, test } from '@playwright/test';
import { registerAndSignIn } from './support/accounts';
import { consoleSignIn, expectAccessible } from './support/console';
import { EN, ZH, confirmEsimPhone, payInSandbox, productId } from './support/shop';
import { keepScreen } from './support/screens';

/**
 * An EU consumer: at checkout, declaring where they live asks the consent to immediate
 * performance (unticked, required); on the order page, "Withdraw from contract" with a
 * confirmation that sums up what is withdrawn; the console tags the withdrawal.
 */
const T = {
  en: {
    buyNow: 'Buy now', submit: 'Place order', pay: 'Pay', paid: 'Payment received', view: 'View order',
    residence: 'Country of residence', consent: 'I ask you to deliver the digital goods of this order', blocked: 'Tick the box about delivering the digital goods now.',
    offer: 'You live in the EU: you can withdraw from this purchase', withdraw: 'Withdraw from contract', title: 'Withdraw from the contract of this order?',
    what: 'You withdraw from order', keep: 'Keep the order', ok: 'Confirm withdrawal', refunded: 'Refunded', withdrawn: 'You withdrew from this contract on',
    tag: 'Withdrawal', reason: 'Withdrawal from contract (EU)',
  },
  'zh-Hans': {
    buyNow: '立即购买', submit: '提交订单', pay: '支付', paid: '支付成功', view: '查看订单',
    residence: '居住国家/地区', consent: '我要求立即交付本订单的数字商品', blocked: '请勾选同意立即交付数字商品。',
    offer: '您居住在欧盟', withdraw: '撤回合同', title: '撤回该订单的合同？',
    what: '您将撤回订单', keep: '保留订单', ok: '确认撤回', refunded: '已退款', withdrawn: '您已于',
    tag: '撤回', reason: '撤回合同（欧盟）',
  },
} as const;

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`withdrawal (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test('consent at checkout for a customer living in the EU, then withdraw from the order page', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await registerAndSignIn(page, `withdrawal-${l.lang.toLowerCase()}`);
      await page.goto(`pages/goods/goods?id=${await productId(page, 'Global eSIM')}`);
      await page.locator('.action-bar button').filter({ hasText: text.buyNow }).click();
      await confirmEsimPhone(page);

      // Declaring Germany asks the consent: unticked, and "Place order" waits for it.
      const residence = page.getByLabel(text.residence);
      await residence.selectOption('DE');
      const consent = page.locator('.eu-consent-check');
      await expect(consent).toContainText(text.consent);
      await expect(consent.locator('input')).not.toBeChecked();
      const submit = page.locator('.action-bar button').filter({ hasText: text.submit });
      await expect(submit).toBeDisabled();
      await expect(page.locator('#order-blocked')).toContainText(text.blocked);
      await expectAccessible(page);
      await keepScreen(page.locator('.eu-consent'), `consent-${l.lang}`);
      // By keyboard: the box is ticked with Space.
      await consent.locator('input').focus();
      await page.keyboard.press('Space');
      await expect(consent.locator('input')).toBeChecked();
      await expect(submit).toBeEnabled();
      await submit.click();
      await payInSandbox(page, text);
      await expect(page.locator('.delivered-esims .adm-list-item')).toHaveCount(1, { timeout: 15_000 });
      const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
      await page.getByRole('button', { name: text.view }).click();

      // Not installed: the order page offers the withdrawal, clearly labelled.
      const card = page.locator('.withdrawal-card');
      await expect(card).toContainText(text.offer);
      const withdraw = card.getByRole('button', { name: text.withdraw });
      await expectAccessible(page);
      await keepScreen(page, `order-${l.lang}`, { fullPage: true });

      // The confirmation sums up what is withdrawn; keeping the order changes nothing.
      await withdraw.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(text.title);
      await expect(dialog).toContainText(`${text.what} ${orderNo}`);
      await expect(dialog.locator('> div')).toHaveCSS('opacity', '1');
      await expectAccessible(page);
      await keepScreen(page, `confirm-${l.lang}`);
      await dialog.getByRole('button', { name: text.keep }).click();
      await expect(dialog).toBeHidden();

      await withdraw.click();
      const ok = page.getByRole('dialog').getByRole('button', { name: text.ok });
      await ok.focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('.order-status-card .order-status')).toHaveText(text.refunded);
      await expect(card).toContainText(text.withdrawn);
      await expect(card.getByRole('button', { name: text.withdraw })).toHaveCount(0);
      await keepScreen(page, `withdrawn-${l.lang}`, { fullPage: true });

      // The console's order page tags the withdrawal and shows the consent.
      await consoleSignIn(page, 'finance', l.lang, `orders/${orderNo}`);
      await expect(page.getByText(text.reason).first()).toBeVisible();
      await expect(page.locator('.ant-tag').filter({ hasText: new RegExp(`^${text.tag}$`) })).toBeVisible();
      await expectAccessible(page);
      await page.setViewportSize({ width: 1440, height: 900 });
      await keepScreen(page, `console-order-${l.lang}`, { fullPage: true });
    });
  });
}
