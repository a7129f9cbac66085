import { expect, test } from '@playwright/test';
import { signInAs } from './support/accounts';
import { BUY_WORDS, LANGS, navTitle, payInSandbox, productId, submitExport, toast } from './support/shop';

/** Reseller journeys (ECodes and QPE), in English and in Chinese. */
const T = {
  en: {
    ...BUY_WORDS.en,
    title: 'My ECodes',
    unused: 'Unused',
    customised: 'Customised',
    customise: 'Customise',
    customiseSubmit: 'Customise eSIM',
    customised_toast: 'eSIM customised',
    imeiWrong: 'Enter a 15-digit IMEI',
    getEsim: 'Get eSIM',
    notCustomised: 'This ECode is not customised yet',
    export: 'Export',
    exportSubmit: 'Export',
    header: 'ECode,Status,Product,Order number,Created,Sold,Customised,IMEI,Activation code',
    sell: 'Mark as sold',
    sold: 'Marked as sold',
    denied: 'You have no permission to view this',
    noResults: 'No search results',
  },
  'zh-Hans': {
    ...BUY_WORDS['zh-Hans'],
    title: '我的ECode',
    unused: '未使用',
    customised: '已定制',
    customise: '定制',
    customiseSubmit: '定制eSIM',
    customised_toast: 'eSIM已定制',
    imeiWrong: '请输入15位IMEI',
    getEsim: '获取eSIM',
    notCustomised: '该ECode尚未定制',
    export: '导出',
    exportSubmit: '导出',
    header: 'ECode,状态,商品,订单号,创建时间,售出时间,定制时间,IMEI,激活码',
    sell: '标记为已售',
    sold: '已标记为已售',
    denied: '没有查看权限',
    noResults: '没有搜索结果',
  },
} as const;
const IMEI = '356938035643809';


for (const { lang, locale } of LANGS) {
  const text = T[lang];
  test.describe(`ECodes and QPE (${lang})`, () => {
    test.use({ locale, extraHTTPHeaders: { 'accept-language': locale } });

    test('a reseller buys ECodes, customises one, fetches its eSIM and exports the codes', async ({ page }) => {
      test.setTimeout(120_000);
      const token = await signInAs(page, 'reseller@simshop.local', 'demo1234', true);

      // Buy 102 ECodes at the wholesale price, paid in the payment sandbox: one to customise, one to sell, 100 to export.
      await page.goto(`pages/goods/goods?id=${await productId(page, 'QPE ECode', token)}`);
      const quantity = page.locator('.qty-stepper input');
      await quantity.fill('102');
      await quantity.blur();
      await expect(quantity).toHaveValue('102');
      await page.locator('.action-bar button').filter({ hasText: text.buyNow }).click();
      await expect(page.locator('.order-line')).toContainText('×102');
      await page.locator('.action-bar button').filter({ hasText: text.submit }).click();
      await payInSandbox(page, text);

      // The codes are there, issued with the payment.
      await page.goto('pages/ecode/index?tab=unused');
      await expect(navTitle(page)).toHaveText(text.title);
      await expect(page.locator('.ecode-tab[data-tab="unused"]')).toContainText(text.unused);
      const unusedCount = Number(await page.locator('.ecode-tab[data-tab="unused"] .ecode-tab-count').textContent());
      expect(unusedCount).toBeGreaterThanOrEqual(100);
      const first = page.locator('.ecode-card').first();
      const code = (await first.locator('.ecode-code').textContent())!;
      expect(code).toMatch(/^JT\d{10}$/);

      // Search by code; an unknown code has no results.
      await page.locator('.ecode-search input').fill('JT0000000000');
      await page.locator('.ecode-search input').press('Enter');
      await expect(page.getByText(text.noResults)).toBeVisible();
      await page.locator('.ecode-search input').fill(code);
      await page.locator('.ecode-search input').press('Enter');
      await expect(page.locator('.search-results .ecode-card')).toHaveCount(1);

      // Customise it on qpe-customize: a wrong IMEI gets its message first.
      await page.locator('.search-results .ecode-card button').filter({ hasText: new RegExp(`^${text.customise}$`) }).click();
      await expect(page).toHaveURL(/\/pages\/mine\/qpe\/qpe-customize\?ecode=JT/);
      await expect(page.locator('input[name="ecode"]')).toHaveValue(code);
      await page.locator('input[name="imei"]').fill('12345');
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('.field-error')).toHaveText(text.imeiWrong);
      await page.locator('input[name="imei"]').fill(IMEI);
      await page.locator('form button[type="submit"]').click();
      await expect(toast(page)).toContainText(text.customised_toast);
      await expect(page.locator('img.qr-code')).toBeVisible();
      await expect(page.getByText('smdp-sim.simshop.local', { exact: true })).toBeVisible();

      // Fetch it again on qpe-fetch: the QR code and the data to copy.
      await page.goto('pages/mine/qpe/qpe-fetch');
      await page.locator('input[name="ecode"]').fill(code);
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('img.qr-code')).toBeVisible();
      await expect(page.getByText('smdp-sim.simshop.local', { exact: true })).toBeVisible();
      await expect(page.getByText(IMEI)).toBeVisible();

      // A code not customised yet cannot be fetched.
      await page.goto('pages/ecode/index?tab=unused');
      const other = (await page.locator('.ecode-card .ecode-code').first().textContent())!;
      await page.goto(`pages/mine/qpe/qpe-fetch?ecode=${other}`);
      await page.locator('form button[type="submit"]').click();
      await expect(toast(page)).toContainText(text.notCustomised);

      // The customised tab shows the code; mark another as sold with the confirm dialog.
      await page.goto('pages/ecode/index?tab=customized');
      await expect(page.locator('.ecode-card').filter({ hasText: code })).toContainText(text.customised);
      await page.goto('pages/ecode/index?tab=unused');
      const card = page.locator('.ecode-card').filter({ hasText: other });
      await card.locator('button').filter({ hasText: text.sell }).click();
      await page.locator('.adm-dialog input[name="note"]').fill('Walk-in customer');
      await page.locator('.adm-dialog-footer button').filter({ hasText: text.sell }).click();
      await expect(toast(page)).toContainText(text.sold);
      await expect(page.locator('.ecode-card').filter({ hasText: other })).toHaveCount(0);

      // Export 100 unused codes as CSV and open the file.
      await page.locator('.export-button').click();
      await page.locator('input[name="quantity"]').fill('100');
      const { fileName, lines } = await submitExport(page);
      expect(fileName).toMatch(/^ecodes-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(lines[0]).toBe(text.header);
      expect(lines).toHaveLength(101);
      for (const line of lines.slice(1)) expect(line).toMatch(new RegExp(`^JT\\d{10},${text.unused},`));
    });

    test('a regular user sees the denial on My ECodes; the secret page needs JT as printed', async ({ page }) => {
      await signInAs(page, 'demo@simshop.local');
      await page.goto('pages/ecode/index');
      await expect(page.locator('.state--denied')).toContainText(text.denied);

      await page.goto('pages/sim/customize-qpe-secret');
      await page.locator('input[name="ecode"]').fill('jt0123456789');
      await page.locator('input[name="imei"]').fill(IMEI);
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('.field-error')).toHaveText(lang === 'en' ? 'Enter an ECode: JT followed by 10 digits' : '请输入ECode：JT加10位数字');
    });
  });
}
