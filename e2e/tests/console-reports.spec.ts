import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { formatMoney, type SalesReportRow } from '@simshop/contract';
import { signInAs } from './support/accounts';
import { chooseOption } from './support/antd';
import { consoleApi, consoleSignIn, expectAccessible } from './support/console';
import { paidOrder } from './support/orders';
import { keepScreen } from './support/screens';

/**
 * The owner reads sales in the Reports page: a period and a currency picked, the chart and the
 * table drawn from the server's figures (a SIM card order paid just before), the shown report
 * exported as CSV with those figures, in both languages; axe finds nothing serious, and the
 * keyboard reaches the period, the report choice and the export.
 */
const TEXT = {
  en: {
    title: 'Reports',
    period: 'Period',
    last7: 'Last 7 days',
    sales: 'Sales over time',
    products: 'Products',
    chart: /^Chart: Sales over time, /,
    exportCsv: 'Export CSV',
    header: 'Period start,Paid orders,Gross sales (CNY),Refunds (CNY),Net sales (CNY)',
    exported: /rows exported/,
    locale: 'en-GB',
  },
  'zh-Hans': {
    title: '报表',
    period: '时段',
    last7: '最近 7 天',
    sales: '销售趋势',
    products: '商品',
    chart: /^图表：销售趋势，/,
    exportCsv: '导出 CSV',
    header: '时段开始,已付订单,销售额（CNY）,退款（CNY）,净销售额（CNY）',
    exported: /已导出 \d+ 行/,
    locale: 'zh-CN',
  },
} as const;

/** The browser's today and its time zone: the page's periods are whole days there. */
async function browserToday(page: Page): Promise<{ today: string; weekAgo: string; timeZone: string }> {
  return page.evaluate(() => {
    const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const now = new Date();
    const weekAgo = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6);
    return { today: iso(now), weekAgo: iso(weekAgo), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  });
}

/** Presses Tab until the focused element matches, at most `max` times; returns what it passed, ending with the match or null. */
type Focused = { role: string | null; label: string; text: string; tag: string };

async function tabTo(page: Page, matches: (el: Focused) => boolean, max = 60): Promise<string[]> {
  const passed: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return { role: a?.getAttribute('role') ?? null, label: a?.getAttribute('aria-label') ?? '', text: (a?.textContent ?? '').trim(), tag: a?.tagName ?? '' };
    });
    passed.push(`${el.tag}[${el.role ?? ''}] ${el.label || el.text.slice(0, 30)}`);
    if (matches(el)) return passed;
  }
  return [...passed, 'null'];
}

test.describe('console: reports', () => {
  for (const lang of ['en', 'zh-Hans'] as const) {
    const text = TEXT[lang];
    test(`sales over time with its chart, table and CSV export (${lang})`, async ({ page }) => {
      await page.goto('./');
      const customer = await signInAs(page, 'demo@simshop.local');
      const order = await paidOrder(page, customer, 'China Unicom prepaid SIM', { paperCard: 'with_card' });
      expect(order.total).toBeGreaterThan(0);

      await consoleSignIn(page, 'owner', lang, 'reports?currency=USD');
      await expect(page.getByRole('heading', { name: text.title })).toBeVisible();

      // Pick the period and the currency.
      await chooseOption(page, page.getByRole('combobox', { name: text.period }), text.last7);
      await page.getByText('CNY', { exact: true }).click();
      await expect(page).toHaveURL(/period=days7/);
      await expect(page).toHaveURL(/currency=CNY/);

      // The figures the page should show: the server's, for the same days.
      const { today, weekAgo, timeZone } = await browserToday(page);
      const answer = await consoleApi(page, 'adminReports', 'sales', { from: weekAgo, to: today, timeZone, currency: 'CNY', bucket: 'day' });
      expect(answer.code).toBe(0);
      const rows = (answer.data as { rows: SalesReportRow[] }).rows;
      expect(rows).toHaveLength(7);
      const todayRow = rows.find((r) => r.bucket === today)!;
      expect(todayRow.orders).toBeGreaterThanOrEqual(1);
      expect(todayRow.gross).toBeGreaterThanOrEqual(order.total);

      await expect(page.getByRole('img', { name: text.chart })).toBeVisible();
      await expect(page.getByRole('img', { name: text.chart }).locator('canvas')).toBeVisible();
      const todayLabel = new Intl.DateTimeFormat(text.locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${today}T00:00:00Z`));
      const row = page.getByRole('row').filter({ hasText: todayLabel });
      await expect(row).toContainText(formatMoney(todayRow.net, 'CNY'));
      await expect(row.getByRole('cell').nth(1)).toHaveText(String(todayRow.orders));
      await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 7);

      // Export the shown report: the file holds the same figures, headed in the page's language.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: text.exportCsv }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`sales-CNY-${weekAgo}-${today}.csv`);
      const csv = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(csv[0]).toBe(text.header);
      expect(csv).toHaveLength(1 + 7);
      const major = (minor: number) => (minor / 100).toFixed(2);
      expect(csv).toContain(`${today},${todayRow.orders},${major(todayRow.gross)},${major(todayRow.refunds)},${major(todayRow.net)}`);
      await expect(page.getByText(text.exported)).toBeVisible();
      await expect(page.getByText(text.exported)).toBeHidden();

      await expectAccessible(page);
      await keepScreen(page, `reports-1440-${lang}`, { fullPage: true });
      // At 1280 px nothing runs past the window once the chart has fitted itself to it.
      await page.setViewportSize({ width: 1280, height: 900 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      await keepScreen(page, `reports-1280-${lang}`, { fullPage: true });
      await page.setViewportSize({ width: 1440, height: 900 });

      // The keyboard reaches the period, the report choice and the export, and changes the report.
      await page.getByRole('heading', { name: text.title }).click();
      for (const reached of [(el: Focused) => el.text === text.exportCsv, (el: Focused) => el.role === 'combobox' && el.label === text.period, (el: Focused) => el.role === 'tab' && el.text.endsWith(text.sales)]) {
        const passed = await tabTo(page, reached);
        expect(passed.at(-1), passed.join('\n')).not.toBe('null');
      }
      // The arrow moves the focus along the tabs; Enter opens the focused one.
      const products = page.getByRole('tab', { name: text.products });
      await page.keyboard.press('ArrowRight');
      await expect(products).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(products).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/report=products/);
      await expect(page.getByRole('table')).toBeVisible();
      await expectAccessible(page);
      await keepScreen(page, `reports-products-1440-${lang}`, { fullPage: true });
    });
  }
});
