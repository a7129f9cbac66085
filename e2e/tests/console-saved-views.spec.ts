import { expect, test, type Page } from '@playwright/test';
import { chooseOption, expectOpen, pressInDialog } from './support/antd';
import { consoleApi, consoleSignIn, consoleUrl, expectAccessible } from './support/console';
import { consoleScreens } from './support/screens';

/**
 * A staff member saves the orders list's filters as a view, finds it again after a reload (it is
 * kept on the server), moves between "All" and the view with the keyboard, renames and deletes it.
 * The products list offers the same row.
 */
const T = {
  en: { views: 'Views', all: 'All', kind: 'Product kind', esim: 'eSIM', save: 'Save view', name: 'Name', saved: /View “.*” saved/, rename: 'Rename view', del: 'Delete view', actions: (n: string) => `Actions for view ${n}`, onSale: 'On sale' },
  'zh-Hans': { views: '视图', all: '全部', kind: '商品类型', esim: 'eSIM', save: '保存视图', name: '名称', saved: /已保存视图“.*”/, rename: '重命名视图', del: '删除视图', actions: (n: string) => `视图“${n}”的操作`, onSale: '上架' },
} as const;

const PREFIXES = ['eSIM orders', 'eSIM 订单', 'On sale view', '上架视图'];

/** Views an earlier, interrupted run of this journey left behind (in either language): one of them would already match. */
async function removeLeftViews(page: Page, list: 'orders' | 'products') {
  const left = (await consoleApi(page, 'adminSavedFilter', 'list', { list })).data as { items: Array<{ id: number; name: string }> };
  for (const v of left.items.filter((i) => PREFIXES.some((p) => i.name.startsWith(p)))) await consoleApi(page, 'adminSavedFilter', 'delete', { id: v.id });
}

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = T[lang];
  test(`saves the orders list's filters as a view, keeps it after a reload, picks it by keyboard and deletes it (${lang})`, async ({ page }) => {
    const prefix = lang === 'en' ? 'eSIM orders' : 'eSIM 订单';
    await consoleSignIn(page, 'operator', lang);
    await removeLeftViews(page, 'orders');
    await page.goto(consoleUrl('orders'));
    const views = page.getByRole('radiogroup', { name: text.views });
    await expect(views.getByRole('radio', { name: text.all })).toBeChecked();

    await chooseOption(page, page.getByRole('combobox', { name: text.kind }), text.esim);
    await expect(page).toHaveURL(/kind=esim/);
    await expect(views.getByRole('radio', { name: text.all })).not.toBeChecked();
    await page.getByRole('button', { name: text.save }).click();
    const dialog = page.getByRole('dialog');
    await expectOpen(dialog);
    const name = `${prefix} ${Date.now() % 100_000}`;
    await dialog.getByLabel(text.name).fill(name);
    await dialog.getByLabel(text.name).press('Enter');
    await expect(page.getByText(text.saved)).toBeVisible();
    await expect(dialog).toBeHidden();
    const view = views.getByRole('radio', { name });
    await expect(view).toBeChecked();
    await expect(page.getByRole('button', { name: text.save })).toHaveCount(0);
    await expectAccessible(page);
    await consoleScreens(page, `saved-views-orders-${lang}`);

    // Kept on the server: a reload (or another device) shows it, chosen by the address.
    await page.reload();
    await expect(view).toBeChecked();

    // The view is the newest, so the last: right of it comes "All" again, left of "All" the view.
    await view.focus();
    await page.keyboard.press('ArrowRight');
    await expect(views.getByRole('radio', { name: text.all })).toBeChecked();
    await expect(page).not.toHaveURL(/kind=/);
    await page.keyboard.press('ArrowLeft');
    await expect(view).toBeChecked();
    await expect(page).toHaveURL(/kind=esim/);

    // Rename, then delete, from the chosen view's menu, by keyboard.
    const renamed = `${name} ✓`;
    await page.getByRole('button', { name: text.actions(name) }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: text.rename }) });
    await expectOpen(menu);
    await menu.getByRole('menuitem', { name: text.rename }).click();
    await expectOpen(dialog);
    await dialog.getByLabel(text.name).fill(renamed);
    await consoleScreens(page, `saved-views-rename-${lang}`);
    await dialog.getByLabel(text.name).press('Enter');
    await expect(views.getByRole('radio', { name: renamed })).toBeChecked();

    await page.getByRole('button', { name: text.actions(renamed) }).click();
    await expectOpen(menu);
    await menu.getByRole('menuitem', { name: text.del }).click();
    await pressInDialog(page, text.del);
    await expect(views.getByRole('radio', { name: renamed })).toHaveCount(0);
    await expect(views.getByRole('radio', { name: text.all })).toBeChecked();
    expect(((await consoleApi(page, 'adminSavedFilter', 'list', { list: 'orders' })).data as { items: Array<{ name: string }> }).items.map((v) => v.name)).not.toContain(renamed);
  });

  test(`the products list offers the same views (${lang})`, async ({ page }) => {
    const prefix = lang === 'en' ? 'On sale view' : '上架视图';
    await consoleSignIn(page, 'operator', lang);
    await removeLeftViews(page, 'products');
    await page.goto(consoleUrl('products?onSale=true'));
    const views = page.getByRole('radiogroup', { name: text.views });
    await expect(views.getByRole('radio', { name: text.all })).not.toBeChecked();
    await page.getByRole('button', { name: text.save }).click();
    const dialog = page.getByRole('dialog');
    await expectOpen(dialog);
    await consoleScreens(page, `saved-views-save-dialog-${lang}`);
    await dialog.getByLabel(text.name).fill(prefix);
    await dialog.getByLabel(text.name).press('Enter');
    await expect(views.getByRole('radio', { name: prefix })).toBeChecked();
    await expectAccessible(page);
    await consoleScreens(page, `saved-views-products-${lang}`);
    await removeLeftViews(page, 'products');
  });
}
