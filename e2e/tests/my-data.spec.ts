import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall, registerAndSignIn } from './support/accounts';
import { CONSOLE_VIEWPORT, consoleSignIn, expectAccessible } from './support/console';
import { createOrder, SHIPPING_ADDRESS } from './support/orders';
import { at, navTitle, productId, toast } from './support/shop';

const TEXT = {
  en: {
    locale: 'en-US',
    entry: 'My data',
    download: 'Download my data',
    deleteEntry: 'Delete my account…',
    dialogTitle: 'Delete your account?',
    confirmLabel: 'To confirm, type your account:',
    submit: 'Delete my account',
    mismatch: 'Type your account exactly as it is shown to confirm',
    ordersOpen: 'An order is waiting for payment, being delivered or being refunded',
    deleted: 'Your account was deleted',
    signIn: 'Sign in',
    unpaid: 'Awaiting payment',
    securityEvents: 'Security events',
    account: 'Account',
    kind: 'Customer deleted their account',
  },
  'zh-Hans': {
    locale: 'zh-CN',
    entry: '我的数据',
    download: '下载我的数据',
    deleteEntry: '注销我的账号…',
    dialogTitle: '确定注销账号？',
    confirmLabel: '请输入您的账号以确认：',
    submit: '注销我的账号',
    mismatch: '请按显示的内容准确输入您的账号以确认',
    ordersOpen: '有订单待付款、配送中或退款中',
    deleted: '您的账号已注销',
    signIn: '登录',
    unpaid: '待付款',
    securityEvents: '安全事件',
    account: '账号',
    kind: '顾客注销了账号',
  },
} as const;

type Exported = {
  about: { format: string; exportedAt: string; language: string };
  account: { id: number; email: string };
  addresses: { name: string; detail: string }[];
  orders: { orderNo: string; status: { code: string; text: string }; total: { amount: string; currency: string } }[];
  messages: { from: string; text: string }[];
};

for (const lang of ['en', 'zh-Hans'] as const) {
  const t = TEXT[lang];
  test.describe(`my data (${lang})`, () => {
    test.use({ locale: t.locale });

    test('a customer downloads their data, then deletes the account after a refusal, and is signed out; staff see the event', async ({ page, browser }) => {
      await page.goto('pages/index/index');
      const { account, token } = await registerAndSignIn(page, `my-data-${lang.toLowerCase()}`);
      expect((await apiCall(page, api.address.path, 'save', SHIPPING_ADDRESS, token)).code).toBe(0);
      expect((await apiCall(page, api.message.path, 'send', { content: `Hello (${lang})` }, token)).code).toBe(0);
      const orderNo = await createOrder(page, token, await productId(page, 'Asia eSIM'));

      // From Mine, one entry.
      await page.goto('pages/mine/index');
      await page.locator('.adm-list-item', { hasText: t.entry }).click();
      await expect(page).toHaveURL(at('/pages/mine/my-data'));
      await expect(navTitle(page)).toHaveText(t.entry);
      await expect(page.getByText(account)).toBeVisible();
      await expectAccessible(page);

      // Download, by keyboard: the browser saves one readable JSON file.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: t.download }).focus();
      await page.keyboard.press('Enter');
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^simshop-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const text = readFileSync((await file.path())!, 'utf8');
      // Indented for a person to read.
      expect(text.split('\n').length).toBeGreaterThan(20);
      const data = JSON.parse(text) as Exported;
      expect(data.about).toMatchObject({ format: 'simshop-my-data/1', language: lang });
      expect(new Date(data.about.exportedAt).toISOString()).toBe(data.about.exportedAt);
      expect(data.account.email).toBe(account);
      expect(data.addresses).toEqual([expect.objectContaining({ name: SHIPPING_ADDRESS.name, detail: SHIPPING_ADDRESS.detail })]);
      expect(data.orders).toEqual([expect.objectContaining({ orderNo, status: { code: 'unpaid', text: t.unpaid } })]);
      expect(data.orders[0]!.total).toMatchObject({ amount: expect.stringMatching(/^\d+\.\d{2}$/), currency: expect.stringMatching(/^(USD|CNY)$/) });
      expect(data.messages).toEqual([expect.objectContaining({ from: 'me', text: `Hello (${lang})` })]);
      await expect(toast(page)).toHaveCount(0);

      // Delete, by keyboard: the dialog opens on its field.
      await page.getByRole('button', { name: t.deleteEntry }).focus();
      await page.keyboard.press('Enter');
      const sheet = page.getByRole('form', { name: t.dialogTitle });
      await expect(sheet).toBeVisible();
      const field = sheet.getByLabel(`${t.confirmLabel} ${account}`);
      await expect(field).toBeFocused();
      await expectAccessible(page, ['.my-data-sheet']);

      // Something else typed: refused, said next to the field.
      await page.keyboard.type('someone-else@example.com');
      await page.keyboard.press('Enter');
      await expect(sheet.getByRole('alert')).toHaveText(t.mismatch);
      await expectAccessible(page, ['.my-data-sheet']);
      // Escape closes the sheet and nothing happens; it opens again afresh.
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await page.getByRole('button', { name: t.deleteEntry }).click();
      await expect(field).toBeFocused();
      await expect(field).toHaveValue('');

      // The account typed, but an order waits for payment: refused with what to do.
      await field.fill(account);
      await page.keyboard.press('Enter');
      await expect(sheet.getByRole('alert')).toContainText(t.ordersOpen);

      // Once the order is cancelled, the account goes and the customer is signed out.
      expect((await apiCall(page, api.order.path, 'cancel', { orderNo }, token)).code).toBe(0);
      await field.focus();
      await page.keyboard.press('Enter');
      await expect(toast(page)).toHaveText(t.deleted);
      await expect(page).toHaveURL(at('/pages/mine/index'));
      await expect(page.locator('.adm-list-item', { hasText: new RegExp(`^${t.signIn}$`) })).toBeVisible();
      expect((await apiCall(page, api.login.path, 'password', { account, password: 'demo1234' })).code).not.toBe(0);
      expect((await apiCall(page, api.user.path, 'info', {}, token)).code).not.toBe(0);

      // Staff see the request among the security events, the account named by its id.
      const staff = await browser.newPage({ viewport: CONSOLE_VIEWPORT, locale: t.locale });
      await consoleSignIn(staff, 'owner', lang, 'audit?view=security');
      const search = staff.getByRole('searchbox', { name: t.account });
      await search.fill(`user #${data.account.id}`);
      await search.press('Enter');
      await expect(staff.getByRole('row', { name: new RegExp(`user #${data.account.id}\\b`) }).getByText(t.kind)).toBeVisible();
      await expectAccessible(staff);
      await staff.close();
    });
  });
}
