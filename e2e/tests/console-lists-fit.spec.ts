import { expect, test } from '@playwright/test';
import { registerAndSignIn } from './support/accounts';
import { consoleSignIn, consoleUrl } from './support/console';
import { paidOrder } from './support/orders';
import { consoleScreens } from './support/screens';
import { overflows } from './support/table-fit';

/**
 * The console's lists fit the content area at 1440 and 1280 px in both languages: no table runs
 * past it (long cells are cut with an ellipsis, less important columns hidden). A paid order of
 * a customer with a long email gives the orders, payments and customers lists a long row.
 */
const LISTS = [
  'orders', 'products', 'customers', 'coupons', 'payments', 'payments?tab=refunds', 'audit', 'audit?view=security',
  'merchants', 'settlement', 'labels', 'inventory', 'stores', 'blog', 'staff', 'reseller-applications', 'messages', 'comments',
  'content/media',
] as const;

// One test per language and width: 21 pages at both widths took most of a test's minute on a busy machine.
for (const lang of ['en', 'zh-Hans'] as const) {
  for (const width of [1440, 1280]) {
    test(`console lists fit ${width} px (${lang})`, async ({ page }) => {
      await page.goto('pages/index/index');
      const { token } = await registerAndSignIn(page, `lists-fit-long-address-${width}-${lang.toLowerCase()}`);
      await paidOrder(page, token, 'China Unicom prepaid SIM', { paperCard: 'with_card' });
      await consoleSignIn(page, 'owner', lang);
      await page.setViewportSize({ width, height: 900 });
      for (const list of LISTS) {
        await page.goto(consoleUrl(list));
        // Its first row, or the empty state once the answer came.
        await expect(page.locator('.ant-table-tbody .ant-table-row, .ant-table-tbody .ant-empty').first()).toBeVisible();
        await expect.poll(() => overflows(page), { message: `${list} at ${width} px` }).toBe(false);
      }
      if (width !== 1440) return;
      await page.goto(consoleUrl('payments'));
      await expect(page.locator('.ant-table-tbody .ant-table-row').first()).toBeVisible();
      await consoleScreens(page, `payments-${lang}`);
    });
  }
}
