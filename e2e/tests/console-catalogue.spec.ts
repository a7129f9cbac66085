import { expect, test, type Page } from '@playwright/test';
import { consoleSignIn, consoleUrl, expectAccessible, openFromSearch } from './support/console';

// A 1x1 PNG: real enough for the server's type check and for the browser to draw.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const T = {
  en: { title: 'Products', search: 'Name, key or SKU code', price: 'Price 1', upload: 'Upload images', earlier: 'Move earlier #', save: 'Save', saved: 'Saved', conflict: 'Changed by someone else', reload: 'Reload their version', subtitle: 'Subtitle · English' },
  'zh-Hans': { title: '商品', search: '名称、标识或 SKU 编码', price: '价格 1', upload: '上传图片', earlier: '前移 #', save: /保\s*存/, saved: '已保存', conflict: '他人已修改此商品', reload: '重新加载最新版本', subtitle: '副标题 · 英文' },
} as const;

/** axe judges what is drawn: wait until no table is dimmed by its loading spinner. */
async function settled(page: Page) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

/** Opens a product's editor from the list, found by its key; returns its id. */
async function openEditor(page: Page, lang: keyof typeof T, key: string): Promise<number> {
  const text = T[lang];
  await page.goto(consoleUrl('products'));
  await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
  const href = await openFromSearch(page, text.search, key);
  await expect(page.getByLabel(text.price)).toBeVisible();
  return Number(/products\/(\d+)/.exec(href)?.[1]);
}

test.describe('console: catalogue', () => {
  const cases = [
    { lang: 'en', key: 'phone-unlock', price: '27.50', shown: '$27.50' },
    { lang: 'zh-Hans', key: 'phone-unlock', price: '31.20', shown: '$31.20' },
  ] as const;

  for (const c of cases) {
    test(`the owner changes a price and adds an image; the shop shows both (${c.lang})`, async ({ page }) => {
      const text = T[c.lang];
      await consoleSignIn(page, 'owner', c.lang, 'products');
      await expect(page.getByRole('row').filter({ hasText: c.key })).toBeVisible();
      await settled(page);
      await expectAccessible(page);

      const id = await openEditor(page, c.lang, c.key);
      await settled(page);
      await expectAccessible(page);
      await page.getByLabel(text.price).fill(c.price);

      const images = page.getByTestId('product-images').locator('img');
      const before = await images.count();
      await page.getByTestId('product-images').locator('xpath=..').locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
      await expect(images).toHaveCount(before + 1);
      // The new image becomes the cover.
      for (let i = before + 1; i > 1; i--) await page.getByRole('button', { name: `${text.earlier}${i}` }).click();
      await expect(images.first()).toHaveAttribute('src', /\/static\/products\//);

      await page.getByRole('button', { name: text.save }).first().click();
      await expect(page.getByText(text.saved)).toBeVisible();

      const shop = await page.context().newPage();
      await shop.goto(`/uni/pages/goods/goods?id=${id}`);
      await expect(shop.locator('.goods-price')).toHaveText(c.shown);
      const cover = shop.locator('img.goods-image').first();
      await expect(cover).toHaveAttribute('src', /\/static\/products\/[0-9a-f-]{36}$/);
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      await shop.close();
    });

    test(`a second tab's stale save is refused with "changed by someone else" and can reload (${c.lang})`, async ({ page }) => {
      const text = T[c.lang];
      await consoleSignIn(page, 'owner', c.lang);
      const id = await openEditor(page, c.lang, 'china-unicom-sim');
      const other = await page.context().newPage();
      await other.setViewportSize({ width: 1440, height: 900 });
      await other.goto(consoleUrl(`products/${id}`));
      await expect(other.getByLabel(text.price)).toBeVisible();

      const first = `First tab ${c.lang} ${Date.now()}`;
      await page.getByLabel(text.subtitle).fill(first);
      await page.getByRole('button', { name: text.save }).first().click();
      await expect(page.getByText(text.saved)).toBeVisible();

      await other.getByLabel(text.subtitle).fill('Second tab');
      await other.getByRole('button', { name: text.save }).first().click();
      const alert = other.getByRole('alert').filter({ hasText: text.conflict });
      await expect(alert).toBeVisible();
      await expectAccessible(other);
      await alert.getByRole('button', { name: text.reload }).click();
      await expect(alert).toBeHidden();
      await expect(other.getByLabel(text.subtitle)).toHaveValue(first);
      await other.close();
    });
  }
});
