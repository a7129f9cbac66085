import { expect, test, type Page } from '@playwright/test';
import { registerAndSignIn } from './support/accounts';
import { consoleApi, consoleGo, consoleSignIn, consoleUrl, expectAccessible, searchList } from './support/console';
import { paidOrder } from './support/orders';
import { overflows } from './support/table-fit';
import { keepScreen } from './support/screens';

/**
 * Bulk work in the console's lists, at 1440 px in both languages: three paid SIM-card orders are
 * ticked and the bulk menu opened from the keyboard alone, their tracking numbers pasted, checked
 * line by line and shipped; the line with a wrong carrier is reported as failed with its reason,
 * the other two orders ship. The orders and products tables fit the content area at 1440 and
 * 1280 px with no sideways scrolling, and a column hidden with the chooser stays hidden; the
 * packing slips of the shipped orders print one a page, and a product's bulk price change asks first.
 */
const T = {
  en: {
    customer: 'Customer email or phone', selectPage: 'Select every row of this page', ship: 'Ship selected…', list: 'Tracking numbers, one a line', check: 'Check the list',
    ready: 'Ready to ship', carrierError: 'This carrier is not supported', send: 'Ship 2 orders', finished: '2 done, 1 failed', failed: '1 failed:', close: 'Close',
    columns: /Columns \d+\/\d+/, placed: 'Placed', toShip: 'To ship', status: 'Status', toShipStatuses: /Paid.*, .*[Ss]hipped/, selectOne: 'Select Asia eSIM', changePrice: 'Change price…', percent: 'By percent (negative lowers them)', cancel: 'Cancel',
  },
  'zh-Hans': {
    customer: '客户邮箱或手机号', selectPage: '选择本页所有行', ship: '批量发货…', list: '运单号，每行一个', check: '检查列表',
    ready: '可以发货', carrierError: '不支持该运营商', send: '发货 2 个订单', finished: '成功 2 个，失败 1 个', failed: '1 个失败：', close: '关闭',
    columns: /列 \d+\/\d+/, placed: '下单时间', toShip: '待发货', status: '状态', toShipStatuses: /已付款.*，?.*发货/, selectOne: '选择 亚洲eSIM', changePrice: '调整价格…', percent: '按百分比（负数为降价）', cancel: /取\s?消/,
  },
} as const;

/** Presses Tab (or Shift+Tab) until the focused element is named `name`; fails after 40 presses. */
async function tabTo(page: Page, name: string, backwards = false): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      return (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim();
    });
    if (focused === name) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = T[lang];
  test.describe(`console bulk actions (${lang})`, () => {
    test('ships three orders from a pasted list by keyboard; the wrong line is reported as failed', async ({ page }) => {
      const { account, token } = await registerAndSignIn(page, `console-bulk-${lang.toLowerCase()}`);
      const orders: string[] = [];
      for (let i = 0; i < 3; i++) orders.push((await paidOrder(page, token, 'China Unicom prepaid SIM', { paperCard: 'with_card' })).orderNo);

      await consoleSignIn(page, 'operator', lang, 'orders');
      const rows = await searchList(page, text.customer, account);
      await expect(rows).toHaveCount(3);

      // From the column chooser to the page's checkbox and back up to the bulk menu, by keyboard only.
      await page.getByRole('button', { name: text.columns }).focus();
      await tabTo(page, text.selectPage);
      await page.keyboard.press('Space');
      await expect(page.getByRole('region', { name: lang === 'en' ? 'Bulk actions' : '批量操作' })).toBeVisible();
      await tabTo(page, text.ship, true);
      await page.keyboard.press('Enter');

      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text.list).fill([`${orders[0]}, sf, SF5000000001`, `${orders[1]},SF,SF5000000002`, `${orders[2]}, pigeon post, PG5000000003`].join('\n'));
      await dialog.getByRole('button', { name: text.check }).click();
      await expect(dialog.getByText(text.ready)).toHaveCount(2);
      await expect(dialog.getByText(text.carrierError)).toBeVisible();
      await expectAccessible(page);
      await keepScreen(page, `bulk-ship-preview-${lang}`);

      await dialog.getByRole('button', { name: text.send }).click();
      await expect(dialog.getByRole('status')).toHaveText(text.finished);
      await expect(dialog.getByText(text.failed)).toBeVisible();
      await expect(dialog.getByRole('listitem').filter({ hasText: orders[2]! })).toContainText(text.carrierError);
      await expectAccessible(page);
      await keepScreen(page, `bulk-ship-report-${lang}`);

      for (const [i, status] of [[0, 'shipped'], [1, 'shipped'], [2, 'paid']] as const) {
        const detail = await consoleApi(page, 'adminOrder', 'detail', { orderNo: orders[i] });
        expect((detail.data as { status: string }).status).toBe(status);
      }
      // The footer's button (the dialog's corner × is named "Close" too).
      await dialog.getByRole('button', { name: text.close }).last().click();
      await expect(dialog).toBeHidden();

      // Their packing slips, a page of their own to print: one slip an order, no prices.
      await page.goto(consoleUrl(`orders/packing-slips?orders=${orders.join(',')}`));
      for (const orderNo of orders) await expect(page.getByRole('region', { name: orderNo })).toContainText('Nathan Road 1');
      await expect(page.locator('.packing-slips')).not.toContainText('¥');
      await expectAccessible(page);
      await keepScreen(page, `packing-slips-${lang}`, { fullPage: true });
    });

    test('orders and products fit 1440 and 1280 px; a hidden column stays hidden', async ({ page }) => {
      // An order of its own, with a long customer email, for the orders list to show.
      const { token } = await registerAndSignIn(page, `console-fit-${lang.toLowerCase()}`);
      await paidOrder(page, token, 'China Unicom prepaid SIM', { paperCard: 'with_card' });
      // Each list opened once inside the console and measured at both widths.
      await consoleSignIn(page, 'owner', lang, 'orders');
      for (const [i, list] of (['orders', 'products'] as const).entries()) {
        if (i > 0) await consoleGo(page, list);
        await expect(page.getByRole('row').nth(1)).toBeVisible();
        for (const width of [1440, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await expect.poll(() => overflows(page)).toBe(false);
          await keepScreen(page, `${list}-${width}-${lang}`);
        }
      }
      await expectAccessible(page);

      // Products (at 1280 px): ticking one shows its bulk menu; the price change asks first (cancelled here).
      await page.getByRole('checkbox', { name: text.selectOne }).check();
      await page.getByRole('button', { name: text.changePrice }).click();
      await expect(page.getByRole('dialog').getByLabel(text.percent)).toBeVisible();
      await expectAccessible(page);
      await keepScreen(page, `products-bulk-price-${lang}`);
      await page.getByRole('dialog').getByRole('button', { name: text.cancel }).click();

      // The chooser: hiding "Placed" is remembered for this staff member.
      await page.setViewportSize({ width: 1440, height: 900 });
      await consoleGo(page, 'orders');
      // The status filter names what is chosen (the queue's two statuses) instead of "+ 2 …".
      await page.getByText(text.toShip, { exact: true }).click();
      const status = page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: text.status }) });
      await expect(status).toContainText(text.toShipStatuses);
      await expect(status).not.toContainText('+');
      await keepScreen(page, `orders-to-ship-filter-${lang}`);
      await expect(page.getByRole('columnheader', { name: text.placed })).toBeVisible();
      // The chooser once the queue's list has loaded and the popover has finished growing in: a
      // tick caught mid-animation or under a loading table could be lost.
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      await page.getByRole('button', { name: text.columns }).click();
      const chooser = page.locator('.ant-popover').filter({ has: page.getByRole('checkbox', { name: text.placed }) });
      await expect(chooser).toBeVisible();
      await chooser.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
      await page.getByRole('checkbox', { name: text.placed }).uncheck();
      await expect(page.getByRole('columnheader', { name: text.placed })).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await expect(page.getByRole('columnheader', { name: text.placed })).toHaveCount(0);
    });
  });
}
