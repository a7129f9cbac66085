import { expect, test, type Page } from '@playwright/test';
import type { AdminProduct } from '@simshop/contract';
import { consoleApi, consoleSignIn, consoleUrl, expectAccessible, openFromSearch } from './support/console';
import { keepScreen } from './support/screens';

/**
 * The owner sets an eSIM SKU's data and validity in the console's product
 * editor (a wrong number of days first, refused on that SKU's row), saves, and the shop's goods
 * page shows the chosen plan's data and days. Each language takes its own SKU of Asia eSIM and puts
 * its plan back afterwards (the worker's other journeys share its database).
 */
const KEY = 'asia-esim';
const T = {
  en: {
    sku: 'ESIM-ASIA-5-7',
    options: ['5 GB', '7 days'],
    data: '6.5',
    unlimited: false,
    days: '10',
    expected: { dataMb: 6500, validityDays: 10 },
    shown: '6.5 GB · 10 days',
    allowance: 'This plan gives',
    title: 'Products',
    search: 'Name, key or SKU code',
    dataLabel: 'Data',
    unlimitedLabel: 'Unlimited',
    daysLabel: 'Validity (days)',
    tooLong: 'Validity is a whole number of days from 1 to 365',
    save: 'Save',
    saved: 'Saved',
  },
  'zh-Hans': {
    sku: 'ESIM-ASIA-10-30',
    options: ['10GB', '30天'],
    data: '',
    unlimited: true,
    days: '45',
    expected: { dataMb: null, validityDays: 45 },
    shown: '不限流量 · 45 天',
    allowance: '本套餐包含',
    title: '商品',
    search: '名称、标识或 SKU 编码',
    dataLabel: '流量',
    unlimitedLabel: '不限量',
    daysLabel: '有效期（天）',
    tooLong: '有效期须为 1 到 365 之间的整数天数',
    save: /保\s*存/,
    saved: '已保存',
  },
} as const;
type Lang = keyof typeof T;

async function product(page: Page): Promise<AdminProduct> {
  const list = (await consoleApi(page, 'adminProduct', 'list', { q: KEY })).data as { items: Array<{ id: number; key: string }> };
  const id = list.items.find((p) => p.key === KEY)!.id;
  return (await consoleApi(page, 'adminProduct', 'get', { id })).data as AdminProduct;
}

/** Saves the SKU's plan back as it was. */
async function putBack(page: Page, code: string, plan: { dataMb: number | null; validityDays: number | null }): Promise<void> {
  const { history: _h, createdAt: _c, updatedAt: _u, labels, skus, ...p } = (await product(page)) as AdminProduct & { history: unknown };
  const res = await consoleApi(page, 'adminProduct', 'update', {
    ...p,
    labelIds: labels.map((l) => l.id),
    // A pool eSIM: its stock is its codes, never sent.
    skus: skus.map(({ pool: _pool, stock: _stock, ...s }) => ({ ...s, stock: null, loadedStock: null, ...(s.code === code ? plan : {}) })),
  });
  expect(res.code, JSON.stringify(res)).toBe(0);
}

for (const lang of Object.keys(T) as Lang[]) {
  const text = T[lang];
  test.describe(`console: SKU data and validity (${lang})`, () => {
    const locale = lang === 'en' ? 'en-US' : 'zh-CN';
    test.use({ locale, extraHTTPHeaders: { 'accept-language': locale } });

    test(`the owner sets a SKU's data and days; the shop's goods page shows them (${lang})`, async ({ page }) => {
      await consoleSignIn(page, 'owner', lang);
      const before = await product(page);
      const original = before.skus.find((s) => s.code === text.sku)!;
      const row = before.skus.indexOf(original) + 1;
      try {
        await page.goto(consoleUrl('products'));
        await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
        await openFromSearch(page, text.search, KEY);

        const data = page.getByLabel(`${text.dataLabel} ${row}`, { exact: true });
        const days = page.getByLabel(`${text.daysLabel} ${row}`, { exact: true });
        await expect(days).toHaveValue(String(original.validityDays));

        // A year and a day is refused on that SKU's row, with the catalogue's words.
        await days.fill('366');
        await page.getByRole('button', { name: text.save }).first().click();
        const skuRow = page.getByRole('row').filter({ has: days });
        await expect(skuRow.getByText(text.tooLong)).toBeVisible();

        if (text.unlimited) {
          await page.getByLabel(`${text.unlimitedLabel} ${row}`, { exact: true }).check();
          await expect(data).toBeDisabled();
        } else await data.fill(text.data);
        await days.fill(text.days);
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        await page.getByRole('table').filter({ has: days }).scrollIntoViewIfNeeded();
        await keepScreen(page.locator('.ant-card').filter({ has: days }), `sku-editor-${lang}`);
        await expectAccessible(page);

        await page.getByRole('button', { name: text.save }).first().click();
        await expect(page.getByText(text.saved)).toBeVisible();
        expect((await product(page)).skus.find((s) => s.code === text.sku)).toMatchObject(text.expected);

        // The shop, at phone size, with that SKU's values chosen.
        const shop = await page.context().newPage();
        await shop.setViewportSize({ width: 390, height: 844 });
        await shop.goto(`/uni/pages/goods/goods?id=${before.id}`);
        for (const option of text.options) await shop.getByRole('radio', { name: option, exact: true }).click();
        const fact = shop.locator('.plan-facts .plan-fact').filter({ hasText: text.allowance });
        await expect(fact).toContainText(text.shown);
        await shop.close();
      } finally {
        await putBack(page, text.sku, { dataMb: original.dataMb, validityDays: original.validityDays });
      }
    });
  });
}
