import { expect, test, type Locator, type Page } from '@playwright/test';
import type { SavedFilterList } from '@simshop/contract';
import { chooseOption, expectOpen, pressInDialog } from './support/antd';
import { consoleApi, consoleSession, consoleUrl, expectAccessible } from './support/console';
import { consoleScreens } from './support/screens';

/**
 * A staff member saves the orders list's filters as a view, finds it again after a reload (it is
 * kept on the server), moves between "All" and the view with the keyboard, renames and deletes it.
 * The products, customers, coupons, payments and audit lists offer the same row.
 */
const T = {
  en: { views: 'Views', all: 'All', kind: 'Product kind', esim: 'eSIM', save: 'Save view', name: 'Name', saved: /View “.*” saved/, rename: 'Rename view', del: 'Delete view', actions: (n: string) => `Actions for view ${n}`, onSale: 'On sale' },
  'zh-Hans': { views: '视图', all: '全部', kind: '商品类型', esim: 'eSIM', save: '保存视图', name: '名称', saved: /已保存视图“.*”/, rename: '重命名视图', del: '删除视图', actions: (n: string) => `视图“${n}”的操作`, onSale: '上架' },
} as const;
type Text = (typeof T)[keyof typeof T];

/** The other lists: each opened with one filter in its address, the view's name in each language. */
const LISTS: ReadonlyArray<{ list: SavedFilterList; path: string; param: RegExp; name: Record<keyof typeof T, string> }> = [
  { list: 'customers', path: 'customers?status=active', param: /status=active/, name: { en: 'Active customers', 'zh-Hans': '正常客户' } },
  { list: 'coupons', path: 'coupons?status=active', param: /status=active/, name: { en: 'Running coupons', 'zh-Hans': '进行中优惠券' } },
  { list: 'payments', path: 'payments?status=succeeded', param: /status=succeeded/, name: { en: 'Paid', 'zh-Hans': '已付款' } },
  { list: 'audit', path: 'audit?targetType=order', param: /targetType=order/, name: { en: 'Order changes', 'zh-Hans': '订单变更' } },
];

const PREFIXES = ['eSIM orders', 'eSIM 订单', 'On sale view', '上架视图', ...LISTS.flatMap((l) => Object.values(l.name))];

/** Views an earlier, interrupted run of this journey left behind (in either language): one of them would already match. */
async function removeLeftViews(page: Page, list: SavedFilterList) {
  const left = (await consoleApi(page, 'adminSavedFilter', 'list', { list })).data as { items: Array<{ id: number; name: string }> };
  for (const v of left.items.filter((i) => PREFIXES.some((p) => i.name.startsWith(p)))) await consoleApi(page, 'adminSavedFilter', 'delete', { id: v.id });
}

/** Saves the filters the list shows now under a name, by keyboard in the dialog; returns the view, then chosen. */
async function saveView(page: Page, text: Text, name: string, shot?: string): Promise<Locator> {
  await page.getByRole('button', { name: text.save }).click();
  const dialog = page.getByRole('dialog');
  await expectOpen(dialog);
  if (shot) await consoleScreens(page, shot);
  await expect(dialog.getByLabel(text.name)).toBeFocused();
  await dialog.getByLabel(text.name).fill(name);
  await dialog.getByLabel(text.name).press('Enter');
  await expect(page.getByText(text.saved)).toBeVisible();
  await expect(dialog).toBeHidden();
  const view = page.getByRole('radiogroup', { name: text.views }).getByRole('radio', { name });
  await expect(view).toBeChecked();
  await expect(page.getByRole('button', { name: text.save })).toHaveCount(0);
  return view;
}

/**
 * After a reload the view is still chosen (kept on the server, chosen by the address). It is the
 * newest, so the last: right of it comes "All" again, which clears the filter, left of "All" the view.
 */
async function reloadThenAllAndBack(page: Page, text: Text, view: Locator, param: RegExp) {
  await page.reload();
  await expect(view).toBeChecked();
  const all = page.getByRole('radiogroup', { name: text.views }).getByRole('radio', { name: text.all });
  await view.focus();
  await page.keyboard.press('ArrowRight');
  await expect(all).toBeChecked();
  await expect(page).not.toHaveURL(param);
  await page.keyboard.press('ArrowLeft');
  await expect(view).toBeChecked();
  await expect(page).toHaveURL(param);
}

/** Deletes the chosen view from its menu: the list shows "All" again and the server no longer has it. */
async function deleteView(page: Page, text: Text, list: SavedFilterList, name: string) {
  const views = page.getByRole('radiogroup', { name: text.views });
  await page.getByRole('button', { name: text.actions(name) }).click();
  const menu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: text.del }) });
  await expectOpen(menu);
  await menu.getByRole('menuitem', { name: text.del }).click();
  await pressInDialog(page, text.del);
  await expect(views.getByRole('radio', { name })).toHaveCount(0);
  await expect(views.getByRole('radio', { name: text.all })).toBeChecked();
  expect(((await consoleApi(page, 'adminSavedFilter', 'list', { list })).data as { items: Array<{ name: string }> }).items.map((v) => v.name)).not.toContain(name);
}

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = T[lang];
  test(`saves the orders list's filters as a view, keeps it after a reload, picks it by keyboard and deletes it (${lang})`, async ({ page }) => {
    const prefix = lang === 'en' ? 'eSIM orders' : 'eSIM 订单';
    await consoleSession(page, 'operator', lang);
    await removeLeftViews(page, 'orders');
    await page.goto(consoleUrl('orders'));
    const views = page.getByRole('radiogroup', { name: text.views });
    await expect(views.getByRole('radio', { name: text.all })).toBeChecked();

    await chooseOption(page, page.getByRole('combobox', { name: text.kind }), text.esim);
    await expect(page).toHaveURL(/kind=esim/);
    await expect(views.getByRole('radio', { name: text.all })).not.toBeChecked();
    const name = `${prefix} ${Date.now() % 100_000}`;
    await saveView(page, text, name);
    await expectAccessible(page);
    await consoleScreens(page, `saved-views-orders-${lang}`);
    await reloadThenAllAndBack(page, text, views.getByRole('radio', { name }), /kind=esim/);

    // Rename by keyboard from the chosen view's menu, then delete.
    const dialog = page.getByRole('dialog');
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
    await deleteView(page, text, 'orders', renamed);
  });

  test(`the products list offers the same views (${lang})`, async ({ page }) => {
    const prefix = lang === 'en' ? 'On sale view' : '上架视图';
    await consoleSession(page, 'operator', lang);
    await removeLeftViews(page, 'products');
    await page.goto(consoleUrl('products?onSale=true'));
    const views = page.getByRole('radiogroup', { name: text.views });
    await expect(views.getByRole('radio', { name: text.all })).not.toBeChecked();
    await saveView(page, text, prefix, `saved-views-save-dialog-${lang}`);
    await expectAccessible(page);
    await consoleScreens(page, `saved-views-products-${lang}`);
    await removeLeftViews(page, 'products');
  });

  for (const { list, path, param, name: names } of LISTS) {
    test(`the ${list} list offers the same views (${lang})`, async ({ page }) => {
      const name = names[lang];
      // Finance reads all four lists (customers, coupons, payments, the audit log).
      await consoleSession(page, 'finance', lang);
      await removeLeftViews(page, list);
      await page.goto(consoleUrl(path));
      await expect(page.getByRole('radiogroup', { name: text.views }).getByRole('radio', { name: text.all })).not.toBeChecked();
      const view = await saveView(page, text, name);
      await expectAccessible(page);
      await consoleScreens(page, `saved-views-${list}-${lang}`);
      await reloadThenAllAndBack(page, text, view, param);
      await deleteView(page, text, list, name);
    });
  }
}
