import { expect, test } from '@playwright/test';
import { registerAndSignIn } from './support/accounts';
import { CONSOLE_VIEWPORT, consoleGo, consoleSignIn } from './support/console';
import { paidOrder } from './support/orders';
import { consoleScreens } from './support/screens';
import { overflows } from './support/table-fit';

/**
 * The console's lists fit the content area at 1440 and 1280 px in both languages: no table runs
 * past it (long cells are cut with an ellipsis, less important columns hidden). A paid order of
 * a customer with a long email gives the orders, payments and customers lists a long row.
 */
// A list of the same route under other parameters never follows it: consoleGo waits for the page shown before to go.
const LISTS = [
  'orders', 'products', 'customers', 'coupons', 'payments', 'audit', 'payments?tab=refunds', 'audit?view=security',
  'merchants', 'settlement', 'labels', 'inventory', 'stores', 'blog', 'staff', 'reseller-applications', 'messages', 'comments',
  'content/media',
] as const;
const WIDTHS = [1440, 1280];

// One test per language: each list opened once inside the console (a reload costs a core-second)
// and measured at both widths.
for (const lang of ['en', 'zh-Hans'] as const) {
  test(`console lists fit ${WIDTHS.join(' and ')} px (${lang})`, async ({ page }) => {
    const { token } = await registerAndSignIn(page, `lists-fit-long-address-${lang.toLowerCase()}`);
    await paidOrder(page, token, 'China Unicom prepaid SIM', { paperCard: 'with_card' });
    await consoleSignIn(page, 'owner', lang, LISTS[0]);
    for (const [i, list] of LISTS.entries()) {
      if (i > 0) await consoleGo(page, list);
      // Its first row, or the empty state once the answer came.
      await expect(page.locator('.ant-table-tbody .ant-table-row, .ant-table-tbody .ant-empty').first()).toBeVisible();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: CONSOLE_VIEWPORT.height });
        await expect.poll(() => overflows(page), { message: `${list} at ${width} px` }).toBe(false);
      }
      await page.setViewportSize(CONSOLE_VIEWPORT);
    }
    await consoleGo(page, 'payments');
    await expect(page.locator('.ant-table-tbody .ant-table-row').first()).toBeVisible();
    await consoleScreens(page, `payments-${lang}`);
  });
}
