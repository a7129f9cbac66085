import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signInAs } from './support/accounts';
import { LANGS, dialog, navTitle, payInSandbox, submitExport, toast } from './support/shop';

/** Reseller journeys (Manage eSIM and balance), in English and in Chinese. */
const T = {
  en: {
    title: 'Manage eSIMs',
    balance: 'My balance',
    topup: 'Top up',
    continue: 'Continue to payment',
    pay: 'Pay',
    paid: 'Payment received',
    generateTab: 'Generate',
    searchTab: 'Search',
    generate: 'Generate',
    confirm: 'Confirm',
    generated: '3 eSIMs generated',
    qpe: 'QPE pre-generated eSIM',
    showBatch: 'Show this batch in Search',
    total: '3 eSIMs',
    found: '1 found',
    noResults: 'No search results',
    header: 'ICCID,Activation code,SM-DP+ address,LPA string,Class,Status,Activation status,Batch,Generated at',
    assigned: 'Assigned',
    denied: 'You have no permission to view this',
    manage: 'Manage eSIMs',
    activationCode: 'Activation code',
    historyTopup: 'Top-up, order',
    historyGenerate: 'eSIMs generated, batch',
  },
  'zh-Hans': {
    title: '管理eSIM',
    balance: '我的余额',
    topup: '充值',
    continue: '去支付',
    pay: '支付',
    paid: '支付成功',
    generateTab: '生成',
    searchTab: '查询',
    generate: '生成',
    confirm: '确定',
    generated: '已生成 3 个eSIM',
    qpe: 'QPE预生成eSIM',
    showBatch: '在查询中查看该批次',
    total: '共 3 个eSIM',
    found: '找到 1 个',
    noResults: '没有搜索结果',
    header: 'ICCID,激活码,SM-DP+地址,LPA字符串,类型,状态,激活状态,批次,生成时间',
    assigned: '已分配',
    denied: '没有查看权限',
    manage: '管理eSIM',
    activationCode: '激活码',
    historyTopup: '充值，订单',
    historyGenerate: '生成eSIM，批次',
  },
} as const;

/** "$1,234.56" or "¥12.00" → minor units. */
const minor = (text: string) => Math.round(Number(/[\d.,]+/.exec(text)![0].replace(/,/g, '')) * 100);
const usdAmount = (page: Page) => page.locator('.balance-line[data-currency="USD"] .balance-amount');
const usdBalance = async (page: Page) => minor((await usdAmount(page).textContent())!);
/** Minor units as the balance shows them ("1,234.56"), with no other digit on either side. */
const shownAs = (amount: number) => new RegExp(`(^|[^\\d.,])${(amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }).replace(/[.,]/g, '\\$&')}($|[^\\d])`);

for (const { lang, locale } of LANGS) {
  const text = T[lang];
  test.describe(`Manage eSIM (${lang})`, () => {
    test.use({ locale, extraHTTPHeaders: { 'accept-language': locale } });

    test('a reseller tops up in the sandbox, generates eSIMs, finds one and exports them', async ({ page }) => {
      // Sign in on the reseller page; the mine page shows the balance and the way in.
      await page.goto('pages/login/reseller');
      await page.locator('input[name="account"]').fill('reseller@simshop.local');
      await page.locator('input[name="password"]').fill('demo1234');
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/pages\/mine\/index/);
      await expect(page.locator('.mine-balance')).toContainText(text.balance);
      await expect(page.locator('.mine-balance .balance-line[data-currency="USD"]')).toBeVisible();
      await page.locator('.shortcut').filter({ hasText: text.manage }).click();
      await expect(navTitle(page)).toHaveText(text.title);

      // Top up 25.00 USD: an order paid in the sandbox, then the balance has grown by exactly that.
      const before = await usdBalance(page);
      await page.locator('.balance-line[data-currency="USD"] .topup-button').click();
      await page.locator('input[name="amount"]').fill('25');
      await page.locator('.topup-form button[type="submit"]').filter({ hasText: text.continue }).click();
      await expect(page).toHaveURL(/\/pages\/order\/order-pay\?orderNo=/);
      // A top-up cannot be paid from the balance: the methods are card-like only.
      await expect(page.locator('.pay-option')).not.toHaveCount(0);
      await payInSandbox(page, text);
      // Credited in the payment's transaction: the page opened after the payment shows it.
      await page.goto('pages/esim/index');
      await expect(usdAmount(page)).toHaveText(shownAs(before + 2500));
      // The credit is in the balance changes, with its order.
      await expect(page.locator('.balance-history .adm-list-item').first()).toContainText(text.historyTopup);
      await expect(page.locator('.balance-history .adm-list-item').first()).toContainText('+$25.00');

      // Generate 3 QPE eSIMs after the confirmation; the balance goes down by 3 × 8.00.
      await page.locator('.class-option').filter({ hasText: text.qpe }).click();
      await page.locator('.generate-quantity .qty-stepper-button').last().click();
      await page.locator('.generate-quantity .qty-stepper-button').last().click();
      await expect(page.locator('.generate-total-amount')).toHaveText('$24.00');
      await page.locator('.generate-submit').click();
      await expect(dialog(page)).toContainText('$24.00');
      await page.locator('.adm-dialog-footer button').filter({ hasText: text.confirm }).click();
      await expect(toast(page)).toContainText(text.generated);
      await expect(page.locator('.generate-result-list .adm-list-item')).toHaveCount(3);
      await expect(usdAmount(page)).toHaveText(shownAs(before + 2500 - 2400));
      const batchNo = /EB\d{14}[0-9A-Z]{6}/.exec((await page.locator('.generate-result .card-title').textContent())!)![0];
      const code = (await page.locator('.generate-result-list .mono').first().textContent())!.trim();
      await expect(page.locator('.balance-history .adm-list-item').first()).toContainText(`${text.historyGenerate} ${batchNo}`);
      await expect(page.locator('.balance-history .adm-list-item').first()).toContainText('-$24.00');

      // One opens its eSIM detail page.
      await page.locator('.generate-result-list .adm-list-item').first().click();
      await expect(page).toHaveURL(/\/pages\/mine\/esim\/esim-detail\?id=\d+/);
      await expect(page.locator('.adm-list-item').filter({ hasText: text.activationCode }).first()).toContainText(code);
      await page.goBack();

      // The batch in the search tab, then a search by activation code, and one that finds nothing.
      await page.locator('.generate-result button').filter({ hasText: text.showBatch }).click();
      await expect(page).toHaveURL(/tab=search/);
      await expect(page.locator('.batch-filter')).toContainText(batchNo);
      await expect(page.locator('.reseller-list-total')).toHaveText(text.total);
      await expect(page.locator('.reseller-esim-list .adm-list-item')).toHaveCount(3);
      await page.locator('input[name="query"]').fill(code);
      await page.locator('.reseller-search-form button[type="submit"]').click();
      await expect(page.getByText(text.found)).toBeVisible();
      await expect(page.locator('.reseller-esim-list')).toContainText(code);
      await page.locator('input[name="query"]').fill('NOSUCHCODE123');
      await page.locator('.reseller-search-form button[type="submit"]').click();
      await expect(page.getByText(text.noResults).first()).toBeVisible();
      await page.locator('.reseller-list-head button').click();

      // Export the batch as CSV and open the file.
      await page.locator('.export-button').click();
      await expect(page.locator('input[name="quantity"]')).toHaveValue('3');
      const { fileName, lines } = await submitExport(page);
      expect(fileName).toMatch(/^esims-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(lines[0]).toBe(text.header);
      expect(lines).toHaveLength(4);
      for (const line of lines.slice(1)) expect(line).toContain(`,${text.assigned},`);
      expect(lines.slice(1).join('\n')).toContain(code);
      expect(lines.slice(1).every((l) => l.includes(batchNo))).toBe(true);
    });

    test('a regular user sees the denial page', async ({ page }) => {
      await signInAs(page, 'demo@simshop.local');
      await page.goto('pages/esim/index');
      await expect(page.locator('.state--denied')).toContainText(text.denied);
      await page.goto('pages/mine/index');
      await expect(page.locator('.shortcut').filter({ hasText: text.manage })).toHaveCount(0);
      await expect(page.locator('.mine-balance')).toHaveCount(0);
    });
  });
}
