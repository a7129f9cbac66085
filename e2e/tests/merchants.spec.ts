import { expect, test, type Page } from '@playwright/test';
import { api, type StaffRole } from '@simshop/contract';
import { apiCall, registerAndSignIn, signInAs } from './support/accounts';
import { expectOpen } from './support/antd';
import { consoleSignIn, consoleUrl, expectAccessible } from './support/console';
import { createOrder, paidOrder } from './support/orders';
import { navTitle, productId } from './support/shop';

/** Multi-merchant shops, each journey in English and in Chinese; texts written out so a wrong translation fails. */
const TEXT = {
  en: {
    locale: 'en-US',
    shipAction: 'Shipped the order',
    soldBy: 'Sold by Nomad Wireless',
    merchant: 'Nomad Wireless',
    sim: 'Nomad Travel SIM card',
    store: 'Nomad Wireless Futian',
    openShop: 'Open a shop',
    nameEn: 'Shop name (English)',
    nameZh: 'Shop name (Chinese)',
    email: 'Contact email',
    phone: 'Contact phone',
    returns: 'Return address',
    submit: 'Send the application',
    review: 'Under review',
    approved: 'Approved: your shop is open',
    merchants: 'Merchants',
    approve: /^Approve$/,
    active: 'Active',
    products: 'Products',
    orders: 'Orders',
    staff: 'Staff',
    // Exactly the button's name (antd spaces out a two-character Chinese label).
    ship: /^Ship$/,
    tracking: 'Tracking number',
    shipped: 'Shipped',
  },
  'zh-Hans': {
    locale: 'zh-CN',
    shipAction: '订单发货',
    soldBy: '由 游牧通信 销售',
    merchant: '游牧通信',
    sim: '游牧旅行 SIM 卡',
    store: '游牧通信 福田店',
    openShop: '我要开店',
    nameEn: '店铺名称（英文）',
    nameZh: '店铺名称（中文）',
    email: '联系邮箱',
    phone: '联系电话',
    returns: '退货地址',
    submit: '提交申请',
    review: '审核中',
    approved: '已通过：店铺已开业',
    merchants: '商家',
    approve: /^批\s*准$/,
    active: '营业中',
    products: '商品',
    orders: '订单',
    staff: '员工',
    ship: /^发\s*货$/,
    tracking: '运单号',
    shipped: '已发货',
  },
} as const;

/** Each language applies with its own demo account: one application per customer. */
const APPLICANT_SHOP = { en: 'Harbour SIMs', 'zh-Hans': 'Lantern Mobile' } as const;

async function fillField(page: Page, label: string, value: string) {
  await page.locator('label.field', { hasText: label }).locator('input, textarea').fill(value);
}

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = TEXT[lang];
  test.describe(`merchants (${lang})`, () => {
    test.use({ locale: text.locale, extraHTTPHeaders: { 'accept-language': text.locale } });

    test("a merchant's shop page from a goods page", async ({ page }) => {
      await page.goto('pages/index/index');
      const id = await productId(page, 'Nomad Travel SIM card');
      await page.goto(`pages/goods/goods?id=${id}`);
      await expect(page.getByText(text.sim).first()).toBeVisible();
      await page.getByRole('link', { name: new RegExp(text.soldBy) }).click();
      await expect(page).toHaveURL(/\/pages\/shop\/index\?id=\d+/);
      await expect(navTitle(page)).toHaveText(text.merchant);
      await expect(page.getByRole('heading', { name: text.merchant, level: 2 })).toBeVisible();
      await expect(page.locator('.plan-card')).toHaveCount(2);
      await expect(page.locator('.plan-cards')).toContainText(text.sim);
      await expect(page.locator('.merchant-stores')).toContainText(text.store);
      await expectAccessible(page);
      // A platform product says nothing about who sells it.
      await page.goto(`pages/goods/goods?id=${await productId(page, 'Asia eSIM')}`);
      await expect(page.locator('.goods-name')).toBeVisible();
      await expect(page.locator('.goods-sold-by')).toHaveCount(0);
    });

    test('a customer applies to open a shop and the platform owner approves it in the console', async ({ page, browser }) => {
      // A new account each time: an application is for good, and a retry must start before it.
      const who = { shop: `${APPLICANT_SHOP[lang]} ${Date.now() % 100_000}` };
      await registerAndSignIn(page, `applicant-${lang.toLowerCase()}`);
      await page.goto('pages/mine/index');
      await page.getByText(text.openShop, { exact: true }).click();
      await expect(page).toHaveURL(/\/pages\/shop\/apply/);
      await expect(navTitle(page)).toHaveText(text.openShop);
      // The form says what is wrong before anything is sent.
      await page.getByRole('button', { name: text.submit }).click();
      await expect(page.locator('.field--error').first()).toBeVisible();
      await fillField(page, text.nameEn, who.shop);
      await fillField(page, text.nameZh, lang === 'en' ? '港湾通信' : '灯笼移动');
      await fillField(page, text.email, `hello-${lang}@shop.example`);
      await fillField(page, text.phone, '+852 2000 0000');
      await fillField(page, text.returns, '1 Pier Road, Hong Kong');
      await expectAccessible(page);
      await page.getByRole('button', { name: text.submit }).click();
      await expect(page.getByRole('status')).toHaveText(text.review);

      const console = await browser.newPage();
      await consoleSignIn(console, 'owner', lang, 'merchants?status=applied');
      const row = console.locator('tr', { hasText: who.shop });
      await expect(row).toBeVisible();
      await expectAccessible(console);
      await row.getByRole('button', { name: text.approve }).click();
      // Leave the page only once the approval has been answered (navigating earlier can cancel it).
      const approved = console.waitForResponse((r) => r.url().includes('action=approve'));
      // Pressed once the dialog has finished opening: a press during its zoom can be lost.
      const confirm = console.locator('.ant-modal-confirm');
      await expectOpen(confirm);
      await confirm.getByRole('button', { name: text.approve }).click();
      await expect(confirm).toBeHidden();
      expect((await (await approved).json()).code).toBe(0);
      await console.goto(consoleUrl('merchants'));
      await expect(console.locator('tr', { hasText: who.shop }).getByText(text.active, { exact: true })).toBeVisible();
      await console.close();

      await page.reload();
      await expect(page.getByRole('status')).toHaveText(text.approved);
    });

    test('a merchant staff member sees only their products and orders, and ships their order', async ({ page }) => {
      // A paid SIM card order with the merchant and an order with the platform, as a customer makes them.
      await page.goto('pages/index/index');
      const token = await signInAs(page, 'demo@simshop.local');
      const nomadOrder = (await paidOrder(page, token, 'Nomad Travel SIM card')).orderNo;
      const platformOrder = await createOrder(page, token, await productId(page, 'Asia eSIM'));
      await apiCall(page, api.order.path, 'cancel', { orderNo: platformOrder }, token);

      await consoleSignIn(page, 'merchant' as StaffRole, lang);
      const menu = page.locator('.ant-menu .ant-menu-title-content');
      await expect(menu.getByText(text.products, { exact: true })).toBeVisible();
      await expect(menu.getByText(text.merchants, { exact: true })).toHaveCount(0);
      await expect(menu.getByText(text.staff, { exact: true })).toHaveCount(0);

      await page.goto(consoleUrl('products'));
      await expect(page.locator('.ant-table-row')).toHaveCount(2);
      await expect(page.locator('.ant-table-tbody')).toContainText('nomad-travel-sim');
      await expect(page.locator('.ant-table-tbody')).not.toContainText('asia-esim');
      await expectAccessible(page);

      await page.goto(consoleUrl('orders'));
      await expect(page.locator('.ant-table-tbody')).toContainText(nomadOrder);
      await expect(page.locator('.ant-table-tbody')).not.toContainText(platformOrder);
      // Another merchant's (the platform's) order is not there, even by its address.
      await page.goto(consoleUrl(`orders/${platformOrder}`));
      await expect(page.getByText(platformOrder)).toHaveCount(0);
      await page.goto(consoleUrl('staff'));
      await expect(page.locator('.ant-result-403, .ant-result')).toBeVisible();

      // Their own order: shipped with a tracking number, and the shipping is in its history.
      await page.goto(consoleUrl('orders'));
      await page.getByRole('link', { name: nomadOrder }).click();
      await expect(page).toHaveURL(new RegExp(`/console/orders/${nomadOrder}$`));
      await page.getByRole('button', { name: text.ship }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text.tracking).fill('SF2024000001');
      await dialog.getByRole('button', { name: text.ship }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator('h3').getByText(text.shipped, { exact: true })).toBeVisible();
      // The audit trail says it in words, with the merchant's staff member as who did it.
      await expect(page.getByRole('row').filter({ hasText: text.shipAction }).filter({ hasText: 'merchant@simshop.local' })).toContainText('SF2024000001');
      await expectAccessible(page);
    });
  });
}
