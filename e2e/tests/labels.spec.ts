import { showWholeHome } from './support/shop';
import { expect, test } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall } from './support/accounts';
import { consoleApi, consoleSignIn, expectAccessible } from './support/console';

/** The texts these journeys assert, written out so a wrong translation fails them. */
const TEXT = {
  en: { locale: 'en-US', products: 'All products', all: 'All', hotspot: 'Hotspot', asia: 'Asia eSIM', unicom: 'China Unicom prepaid SIM', labelTitle: 'Label: Hotspot', count: 'Products: 1', labels: 'Labels', newLabel: 'New label', en: 'English text', zh: 'Chinese text', colour: 'Colour', create: 'Create', tooLight: 'White text on this colour would be hard to read: choose a darker colour', readable: /^Contrast 6\.0:1 — readable$/ },
  'zh-Hans': { locale: 'zh-CN', products: '全部商品', all: '全部', hotspot: '支持热点', asia: '亚洲eSIM', unicom: '中国联通预付费电话卡', labelTitle: '标签：支持热点', count: '商品数：1', labels: '标签', newLabel: '新建标签', en: '英文文字', zh: '中文文字', colour: '颜色', create: '新 建', tooLight: '该颜色上的白色文字难以辨认，请选择更深的颜色', readable: /^对比度 6\.0:1，清晰可读$/ },
} as const;

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = TEXT[lang];
  test.describe(`labels (${lang})`, () => {
    test.use({ locale: text.locale });

    test('home filters the products by label; the label page lists its products', async ({ page }) => {
      await page.goto('./');
      await showWholeHome(page);
      const list = page.getByRole('region', { name: text.products });
      await expect(list.getByText(text.unicom)).toBeVisible();
      // The cards carry their labels.
      await expect(list.locator('.plan-card', { hasText: text.asia }).locator('.product-label', { hasText: text.hotspot })).toBeVisible();
      // Home is shared with the storefront's sections: checked here is the product list with its filter.
      await expectAccessible(page, ['section[aria-labelledby="all-products-title"]']);

      await list.getByRole('button', { name: text.hotspot, exact: true }).click();
      await expect(list.getByRole('button', { name: text.hotspot, exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(list.locator('.plan-card')).toHaveCount(1);
      await expect(list.getByText(text.asia)).toBeVisible();
      await expect(list.getByText(text.unicom)).toHaveCount(0);
      await list.getByRole('button', { name: text.all, exact: true }).click();
      await expect(list.getByText(text.unicom)).toBeVisible();

      const labels = (await apiCall(page, api.label.path, 'list', { i18n: 'en' })).data as { items: Array<{ id: number; text: string }> };
      const hotspot = labels.items.find((l) => l.text === 'Hotspot')!;
      await page.goto(`./pages/label/index?id=${hotspot.id}`);
      await expect(page.getByText(text.labelTitle)).toBeVisible();
      await expect(page.getByText(text.count)).toBeVisible();
      await expectAccessible(page);
      await page.getByText(text.asia).click();
      await expect(page).toHaveURL(/\/pages\/goods\/goods\?id=/);
      await expect(page.locator('.goods-labels').getByText(text.hotspot)).toBeVisible();
    });

    test('the owner creates a label in the console; a colour too light for white text is refused', async ({ page }) => {
      await consoleSignIn(page, 'owner', lang, 'labels');
      await expect(page.getByRole('heading', { name: text.labels })).toBeVisible();
      await expectAccessible(page);
      const stamp = Date.now().toString(36).slice(-5);
      await page.getByRole('button', { name: text.newLabel }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: text.en }).fill(`Fast ${stamp}`);
      await dialog.getByRole('textbox', { name: text.zh }).fill(`快速${stamp}`);
      await dialog.getByRole('textbox', { name: text.colour }).fill('#ffd666');
      await dialog.getByRole('button', { name: text.create }).click();
      await expect(dialog.getByText(text.tooLight)).toBeVisible();
      await dialog.getByRole('textbox', { name: text.colour }).fill('#175cd3');
      await expect(dialog.getByTestId('label-contrast')).toHaveText(text.readable);
      await dialog.getByRole('button', { name: text.create }).click();
      await expect(dialog).toBeHidden();
      const row = page.getByRole('row', { name: new RegExp(`Fast ${stamp}`) });
      await expect(row).toBeVisible();
      await expect(row.getByText('#175cd3')).toBeVisible();
      // The shop's filter offers it right away.
      const created = ((await consoleApi(page, 'adminLabel', 'list', {})).data as { items: Array<{ id: number; text: { en: string } }> }).items.find((l) => l.text.en === `Fast ${stamp}`)!;
      expect((await consoleApi(page, 'adminLabel', 'delete', { id: created.id })).code).toBe(0);
    });
  });
}
