import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectOpen, selectDropdown } from './support/antd';
import { consoleApi, consoleSignIn, expectAccessible } from './support/console';
import { consoleScreens } from './support/screens';

/**
 * An owner adds an eSIM plan from its template in at most 12 interactions (Shopify takes 12–15):
 * every click, every field filled and every key pressed is counted, from the products list's
 * "New product" to "Create". The name is typed in the console's language only: the other
 * language is copied and marked to review, the key and SKU code follow (a Chinese-only name gets
 * a key from the kind and the day). The shop then shows the plan at its price.
 */
const T = {
  en: { title: 'Products', new: 'New product', chooser: 'What are you selling?', esim: /eSIM plan/, sim: /SIM card/, name: 'Name · English', other: 'Name · Chinese', review: 'Copied from English: to review', typed: 'Template plan', key: /^template-plan-[a-z0-9]+$/, destinations: 'Destinations', country: 'Japan', search: 'japan', price: 'Price 1', data: 'Data 1', days: 'Validity (days) 1', create: 'Create', created: 'Product created' },
  'zh-Hans': { title: '商品', new: '新建商品', chooser: '您要卖什么？', esim: /eSIM 套餐/, sim: /实体卡/, name: '名称 · 中文', other: '名称 · 英文', review: '从中文复制：待审阅', typed: '模板套餐', key: /^esim-\d{8}-[a-z0-9]{4}$/, destinations: '目的地', country: '日本', search: '日本', price: '价格 1', data: '流量 1', days: '有效期（天） 1', create: /新\s*建/, created: '商品已创建' },
} as const;
type Lang = keyof typeof T;

/** Presses and typing that go through it are counted. */
function counter(page: Page) {
  let count = 0;
  return {
    get count() {
      return count;
    },
    click: async (target: Locator) => {
      count++;
      await target.click();
    },
    fill: async (target: Locator, value: string) => {
      count++;
      await target.fill(value);
    },
    press: async (key: string) => {
      count++;
      await page.keyboard.press(key);
    },
  };
}

for (const lang of ['en', 'zh-Hans'] as const satisfies readonly Lang[]) {
  test.describe(`console: product templates (${lang})`, () => {
    test('an eSIM plan from its template in at most 12 interactions, shown in the shop', async ({ page }) => {
      const text = T[lang];
      await consoleSignIn(page, 'owner', lang, 'products');
      await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
      const act = counter(page);
      const stamp = Date.now().toString(36);
      // The Chinese name has no ASCII word for a key to be made of.
      const name = lang === 'en' ? `${text.typed} ${stamp}` : text.typed;

      await act.click(page.getByRole('button', { name: text.new }));
      await expect(page.getByRole('heading', { name: text.chooser })).toBeVisible();
      await expectAccessible(page);
      await consoleScreens(page, `product-templates-${lang}`);
      await act.click(page.getByRole('button', { name: text.esim }));

      await act.fill(page.getByLabel(text.name, { exact: true }), name);
      // The other language holds a copy marked to review; key and SKU code follow the name.
      await expect(page.getByLabel(text.other, { exact: true })).toHaveValue(name);
      await expect(page.getByText(text.review)).toBeVisible();
      const key = await page.getByLabel(/^(Key|标识)$/).inputValue();
      expect(key).toMatch(text.key);
      await expect(page.getByLabel(/^(SKU code|SKU 编码) 1$/)).toHaveValue(key.toUpperCase());

      const destinations = page.getByLabel(text.destinations, { exact: true });
      await act.click(destinations);
      await act.fill(destinations, text.search);
      const list = await selectDropdown(page, destinations);
      const option = list.locator('.ant-select-item-option').filter({ hasText: text.country }).first();
      await expect(option).toBeVisible();
      await act.click(option);
      await expectOpen(list);
      await act.press('Escape');
      await expect(list).toBeHidden();

      await act.fill(page.getByLabel(text.price, { exact: true }), '12.90');
      await act.fill(page.getByLabel(text.data, { exact: true }), '3');
      await act.fill(page.getByLabel(text.days, { exact: true }), '15');
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      await expectAccessible(page);
      await consoleScreens(page, `product-from-template-${lang}`);
      await act.click(page.getByRole('button', { name: text.create }).first());
      await expect(page.getByText(text.created)).toBeVisible();
      await expect(page).toHaveURL(/\/console\/products\/\d+$/);
      expect(act.count).toBeLessThanOrEqual(12);
      test.info().annotations.push({ type: 'interactions', description: String(act.count) });

      const id = Number(/products\/(\d+)$/.exec(page.url())?.[1]);
      const shop = await page.context().newPage();
      await shop.goto(`/uni/pages/goods/goods?id=${id}`);
      await expect(shop.locator('.goods-name')).toHaveText(name);
      await expect(shop.locator('.goods-price')).toContainText('12.90');
      await shop.close();
      // Off sale again: later journeys on this worker's shop count the plans that cover Japan.
      const made = (await consoleApi(page, 'adminProduct', 'get', { id })).data as { version: number };
      expect((await consoleApi(page, 'adminProduct', 'set_on_sale', { id, version: made.version, onSale: false })).code).toBe(0);
    });

    test('the template chooser works from the keyboard', async ({ page }) => {
      const text = T[lang];
      await consoleSignIn(page, 'owner', lang, 'products/new');
      await expect(page.getByRole('heading', { name: text.chooser })).toBeVisible();
      // The first choice has the focus; Tab walks on to the SIM card, Enter chooses it.
      await expect(page.getByRole('button', { name: text.esim })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: text.sim })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/template=sim/);
      await expect(page.getByLabel(text.name, { exact: true })).toBeVisible();
      // Back returns to the choice.
      await page.goBack();
      await expect(page.getByRole('heading', { name: text.chooser })).toBeVisible();
    });
  });
}
