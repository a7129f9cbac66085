import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/accounts';
import { consoleSignIn, expectAccessible } from './support/console';
import { createOrder, paidOrder } from './support/orders';
import { productId } from './support/shop';
import { consoleScreens } from './support/screens';

/**
 * The console from the keyboard, in both languages: Ctrl-K opens the command palette over the
 * order list (axe finds nothing serious in it, Esc gives the focus back to the link it came
 * from), an order number typed there and Enter open that order, j and k step through the list it
 * came from (typed into a field they are letters), '?' lists the shortcuts, '/' leads back to the
 * list's search, and a page's name and Enter open that page, whose '/' puts the cursor in its search.
 */
const T = {
  en: {
    button: 'Search or go to…',
    palette: 'Go to a page, order or customer',
    order: (no: string) => `Order ${no}`,
    ship: (no: string) => `Ship order ${no}`,
    customer: 'demo@simshop.local',
    position: /^1 of \d+$/,
    next: 'Next order',
    previous: 'Previous order',
    help: 'Keyboard shortcuts',
    helpRow: 'Next order of the list',
    page: 'Customers',
    customersSearch: 'Email, phone or name',
    ordersSearch: 'Order number',
  },
  'zh-Hans': {
    button: '搜索或前往…',
    palette: '前往页面、订单或客户',
    order: (no: string) => `订单 ${no}`,
    ship: (no: string) => `订单 ${no} 发货`,
    customer: 'demo@simshop.local',
    position: /^第 1 个，共 \d+ 个$/,
    next: '下一个订单',
    previous: '上一个订单',
    help: '键盘快捷键',
    helpRow: '列表中的下一个订单',
    page: '客户',
    customersSearch: '邮箱、手机号或姓名',
    ordersSearch: '订单号',
  },
} as const;

/** Two new orders of the demo customer, the list's first rows: a paid SIM card to ship, and before it an unpaid eSIM. */
async function twoOrders(page: Page): Promise<void> {
  await page.goto('./');
  const token = await signInAs(page, 'demo@simshop.local');
  await createOrder(page, token, await productId(page, 'Asia eSIM'));
  await paidOrder(page, token, 'China Unicom prepaid SIM', { paperCard: 'with_card' });
}

test.describe('console: keyboard', () => {
  for (const lang of ['en', 'zh-Hans'] as const) {
    const text = T[lang];

    test(`Ctrl-K finds an order and a page, j/k step through the list, Esc gives the focus back (${lang})`, async ({ page }) => {
      await twoOrders(page);
      await consoleSignIn(page, 'owner', lang, 'orders');
      const rows = page.getByRole('rowgroup').last().getByRole('row');
      const firstLink = rows.nth(0).getByRole('link').first();
      await expect(firstLink).toBeVisible();
      const first = (await firstLink.textContent())!.trim();
      const second = (await rows.nth(1).getByRole('link').first().textContent())!.trim();

      // The header's button says the key; Ctrl-K from a focused link opens the palette on its field.
      await expect(page.getByRole('button', { name: text.button })).toBeVisible();
      await firstLink.focus();
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: text.palette });
      const field = dialog.getByRole('combobox', { name: text.palette });
      await expect(field).toBeFocused();
      await expect(dialog.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
      // The palette itself (the list under it is the orders journey's to check).
      await expectAccessible(page, ['[role="dialog"]']);
      await consoleScreens(page, `palette-pages-${lang}`);
      // A customer by account, from the customers list's search.
      await page.keyboard.type(text.customer);
      await expect(dialog.getByRole('option', { name: new RegExp(text.customer) }).first()).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(firstLink).toBeFocused();

      // An order by its number: the only order option, active, and Enter opens it.
      await page.keyboard.press('Control+k');
      await expect(field).toBeFocused();
      await page.keyboard.type(first);
      const orderOption = dialog.getByRole('option', { name: new RegExp(first) });
      await expect(orderOption).toHaveAttribute('aria-selected', 'true');
      await expect(field).toHaveAttribute('aria-activedescendant', (await orderOption.getAttribute('id'))!);
      await consoleScreens(page, `palette-order-${lang}`);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/console/orders/${first}$`));
      await expect(page.getByRole('heading', { name: text.order(first) })).toBeVisible();
      await expect(page.getByText(text.position)).toBeVisible();
      await expect(page.getByRole('button', { name: text.previous })).toBeDisabled();
      await consoleScreens(page, `order-stepper-${lang}`);

      // s: the ship dialog of this paid SIM order; its keys are the dialog's (j is a letter there).
      await page.keyboard.press('s');
      const ship = page.getByRole('dialog', { name: text.ship(first) });
      await expect(ship).toBeVisible();
      await ship.getByRole('textbox').first().pressSequentially('j');
      await expect(page).toHaveURL(new RegExp(`/console/orders/${first}$`));
      await page.keyboard.press('Escape');
      await expect(ship).toBeHidden();

      // j: the next order of the list it came from; k: back again.
      await page.keyboard.press('j');
      await expect(page).toHaveURL(new RegExp(`/console/orders/${second}$`));
      await expect(page.getByRole('heading', { name: text.order(second) })).toBeVisible();
      await expect(page.getByRole('button', { name: text.previous })).toBeEnabled();
      await page.keyboard.press('k');
      await expect(page.getByRole('heading', { name: text.order(first) })).toBeVisible();
      await page.getByRole('button', { name: text.next }).click();
      await expect(page.getByRole('heading', { name: text.order(second) })).toBeVisible();

      // '?' lists the shortcuts in the page's language.
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: text.help });
      await expect(help.getByText(text.helpRow)).toBeVisible();
      await consoleScreens(page, `shortcuts-help-${lang}`);
      await page.keyboard.press('Escape');
      await expect(help).toBeHidden();

      // Typed into a field, j and k are letters; Ctrl-K still opens the palette from there.
      const note = page.locator('main textarea');
      await note.pressSequentially('jk');
      await expect(note).toHaveValue('jk');
      await expect(page).toHaveURL(new RegExp(`/console/orders/${second}$`));

      // '/' outside a field: back to the list, in its search; Ctrl-K works from there too.
      await note.blur();
      await page.keyboard.press('/');
      await expect(page).toHaveURL(/\/console\/orders$/);
      await expect(page.getByRole('searchbox', { name: text.ordersSearch })).toBeFocused();

      // A page by its name.
      await page.keyboard.press('Control+k');
      await expect(field).toBeFocused();
      await page.keyboard.type(text.page);
      await expect(dialog.getByRole('option', { name: text.page }).first()).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/console\/customers$/);
      await expect(page.getByRole('heading', { name: text.page, level: 3 })).toBeVisible();
      await page.keyboard.press('/');
      await expect(page.getByRole('searchbox', { name: text.customersSearch })).toBeFocused();
    });
  }
});
