import { expect, test } from '@playwright/test';
import type { AdminProduct } from '@simshop/contract';
import { registerAndSignIn } from './support/accounts';
import { expectAccessible } from './support/axe';
import { consoleApi, consoleSignIn, consoleUrl } from './support/console';
import { EN, ZH, confirmEsimPhone, tab, toast } from './support/shop';
import { keepScreen } from './support/screens';

/**
 * One currency per customer: the owner prices an eSIM in USD and CNY; the customer switches the
 * currency in Mine and sees the lists, the cart and the checkout in it; a product without a price
 * in it (the demo's Asia eSIM, USD only) stays in its own currency, marked.
 */
const T = {
  en: { start: '$12.00', other: '¥80.00', otherName: 'Chinese yuan (CNY)', currency: 'Currency', added: 'Added to cart', checkout: 'Check out (1)', submit: 'Place order', note: 'priced in USD', otherCode: 'CNY', sheetTitle: 'Show prices and pay in' },
  'zh-Hans': { start: '¥80.00', other: '$12.00', otherName: '美元 (USD)', currency: '币种', added: '已加入购物车', checkout: '结算（1）', submit: '提交订单', note: '以CNY计价', otherCode: 'USD', sheetTitle: '以此币种显示价格并支付' },
} as const;

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`currency (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test('switching the currency in Mine reprices the list and the cart; the checkout is in it', async ({ page }) => {
      test.setTimeout(120_000);
      await consoleSignIn(page, 'owner', l.lang);
      const key = `currency-${l.lang.toLowerCase()}-${Date.now()}`;
      const made = await consoleApi(page, 'adminProduct', 'create', {
        key, kind: 'esim', name: { en: `Two-currency eSIM ${key}`, zh: `双币种eSIM ${key}` }, subtitle: { en: '', zh: '' }, description: { en: '', zh: '' }, agreement: { en: '', zh: '' },
        images: ['demo/esim-asia.webp'], currency: 'USD', wholesaleMinQty: null, qtyMin: 1, qtyMax: 5, freight: 0, requiredInputs: [], labelIds: [], sort: 100_000, onSale: true, soldOut: false,
        esimSource: 'smdp', profileType: null, specs: [], coverage: [], plan: null,
        skus: [{ code: key.toUpperCase().slice(0, 60), options: [], price: 1200, wholesalePrice: null, prices: { CNY: { price: 8000, wholesalePrice: null } }, stock: null, soldOut: false, rechargeMb: null, dataMb: null, validityDays: null }],
      });
      expect(made.code, JSON.stringify(made)).toBe(0);
      const product = made.data as AdminProduct;
      // The console's product form with the second currency's column, at 1440 px.
      await page.goto(consoleUrl(`products/${product.id}`));
      await expect(page.getByLabel(/Price \(CNY\) 1|价格（CNY） 1/)).toHaveValue('80.00');
      await keepScreen(page, `console-product-${l.lang}`, { fullPage: true });

      await page.setViewportSize({ width: 390, height: 844 });
      await registerAndSignIn(page, 'currency');
      await page.goto(`pages/goods/goods?id=${product.id}`);
      await expect(page.locator('.goods-price')).toHaveText(text.start);
      await page.locator('.action-bar button').first().click();
      await expect(toast(page)).toHaveText(text.added);
      await page.goto('pages/index/index');
      await tab(page, 1).click();
      await expect(page.locator('.cart-total strong')).toHaveText(text.start);

      // Mine: the currency row opened and the currency chosen by keyboard; focus returns to the row.
      await tab(page, 3).click();
      const row = page.getByTestId('currency-selector');
      await expect(row).toContainText(text.currency);
      const opener = row.getByRole('button', { name: text.currency });
      await opener.focus();
      await page.keyboard.press('Enter');
      const sheet = page.getByRole('dialog', { name: text.sheetTitle });
      await expect(sheet.getByRole('button', { pressed: true })).toBeFocused();
      await expectAccessible(page);
      await sheet.getByRole('button', { name: text.otherName }).focus();
      await page.keyboard.press('Enter');
      await expect(row).toContainText(text.otherCode);
      await expect(opener).toBeFocused();

      // The cart in the other currency; the goods page of a product priced only in its own says so.
      await tab(page, 1).click();
      await expect(page.locator('.cart-total strong')).toHaveText(text.other);
      await expectAccessible(page);
      await keepScreen(page, `cart-${l.lang}`);
      await page.locator('.action-bar button').filter({ hasText: text.checkout }).click();
      await expect(page).toHaveURL(/\/pages\/order\/order-create/);
      await expect(page.locator('.amount-total')).toHaveText(text.other);
      await confirmEsimPhone(page);
      await page.locator('.action-bar button').filter({ hasText: text.submit }).click();
      await expect(page).toHaveURL(/\/pages\/order\/order-pay\?orderNo=/);
      await expect(page.locator('.action-bar button')).toContainText(text.other);
      await keepScreen(page, `pay-${l.lang}`, { fullPage: true });

      // Put the shop back as it was for the other journeys: the test product off sale.
      const loaded = (await consoleApi(page, 'adminProduct', 'get', { id: product.id })).data as AdminProduct & { history?: unknown };
      const { history: _h, createdAt: _c, updatedAt: _u, labels, skus, ...rest } = loaded;
      const off = await consoleApi(page, 'adminProduct', 'update', { ...rest, onSale: false, labelIds: labels.map((x) => x.id), skus: skus.map(({ pool: _p, ...s }) => ({ ...s, loadedStock: s.stock })) });
      expect(off.code, JSON.stringify(off)).toBe(0);
    });
  });
}
