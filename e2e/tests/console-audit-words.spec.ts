import { expect, test, type Page } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall, signInAs } from './support/accounts';
import { expectOpen } from './support/antd';
import { consoleSignIn, consoleUrl, expectAccessible } from './support/console';
import { paidOrder } from './support/orders';

/**
 * Reading history in words, in both languages: the owner refunds part of an order, then opens the
 * audit log and reads the entry as staff would (their own name, the action, the amount in the
 * order's currency, the date as a date, the order as a link to it); the raw row is one keyboard
 * press away. The order's own history names the payment and the staff member the same way.
 */
const TEXT = {
  en: {
    approve: 'Approve refund',
    partial: 'Partial refund',
    amount: 'Amount to refund',
    action: 'Approved a refund',
    refundAmount: 'Refund amount',
    status: 'Partially refunded',
    raw: 'Raw data',
    sandbox: 'Test payment (sandbox)',
    date: /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/,
  },
  'zh-Hans': {
    approve: '同意退款',
    partial: '部分退款',
    amount: '退款金额',
    action: '同意退款',
    refundAmount: '退款金额',
    status: '部分退款',
    raw: '原始数据',
    sandbox: '测试支付（沙盒）',
    date: /\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}/,
  },
} as const;

async function refundRequested(page: Page) {
  await page.goto('./');
  const customer = await signInAs(page, 'demo@simshop.local');
  const order = await paidOrder(page, customer, 'China Unicom prepaid SIM', { paperCard: 'with_card' });
  expect((await apiCall(page, api.order.path, 'refund', { orderNo: order.orderNo, reason: 'not_working', note: 'No signal' }, customer)).code).toBe(0);
  return order;
}

test.describe('console: history in words', () => {
  for (const lang of ['en', 'zh-Hans'] as const) {
    const text = TEXT[lang];

    test(`the owner refunds part of an order and reads it in the audit log (${lang})`, async ({ page }) => {
      const { orderNo } = await refundRequested(page);
      await consoleSignIn(page, 'owner', lang, `orders/${orderNo}`);

      // The change: a partial refund of 9.90 from the order's page.
      await page.getByRole('button', { name: text.approve }).click();
      const dialog = page.getByRole('dialog');
      await expectOpen(dialog);
      await dialog.getByRole('radio', { name: text.partial }).check();
      await dialog.getByLabel(text.amount).fill('9.90');
      await dialog.getByRole('button', { name: text.approve }).click();
      await expect(dialog).toBeHidden();

      // The order's history says who moved it: the sandbox's payment, and the owner by name.
      await expect(page.getByText(text.sandbox).first()).toBeVisible();
      await expect(page.locator('.audit-what').getByText(text.action, { exact: true })).toBeVisible();

      // The audit log, filtered to this order, reads the entry in words.
      await page.goto(consoleUrl(`audit?action=order.refund_approve&targetId=${orderNo}`));
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: orderNo }) });
      await expect(row).toHaveCount(1);
      await expect(row.getByText('Demo owner', { exact: true })).toBeVisible();
      await expect(row.getByText(text.action, { exact: true })).toBeVisible();
      await expect(row.locator('dt', { hasText: text.refundAmount })).toBeVisible();
      await expect(row.locator('dd').filter({ hasText: '¥9.90' })).toBeVisible();
      await expect(row.locator('dd').filter({ hasText: text.status })).toBeVisible();
      await expect(row.locator('time')).toContainText(text.date);
      // No epoch milliseconds or minor units left in what is shown.
      expect(await row.evaluate((tr) => (tr as HTMLElement).innerText)).not.toMatch(/\b\d{12,}\b|\b990\b/);
      await expectAccessible(page);

      // The raw row is the next stop after the order's link, and opens from the keyboard.
      const link = row.getByRole('link', { name: orderNo });
      await link.focus();
      await page.keyboard.press('Tab');
      const summary = row.locator('summary');
      await expect(summary).toBeFocused();
      await expect(summary).toHaveText(text.raw);
      await page.keyboard.press('Enter');
      await expect(row.locator('pre')).toBeVisible();
      await expect(row.locator('pre')).toContainText('"refundAmount": 990');
      await expectAccessible(page);

      // The target is a real link to the order.
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/console/orders/${orderNo}$`));
      await expect(page.getByText(orderNo).first()).toBeVisible();
    });
  }
});
