import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { onShopDatabase } from './support/shop-database';
import { newAddressFromCheckout } from './support/orders';
import { EN, ZH, navTitle, toast } from './support/shop';

/** The address form, from the checkout and back, in English and in Chinese, by keyboard only. */
const T = {
  en: {
    buyNow: 'Buy now',
    addAddress: 'Add an address',
    newAddress: 'New address',
    editAddress: 'Edit address',
    labels: ['Country or region', 'Street address', 'Province', 'City', 'District or county', 'Post code (optional)', 'Receiver', 'Phone', 'Company (optional)', 'Email (optional)', 'Use as default address'],
    province: 'Beijing',
    city: 'Beijing',
    district: 'Chaoyang',
    street: '88 Jianguo Road',
    wrongPhone: 'A mainland China mobile number has 11 digits and starts with 1, e.g. 138 0013 8000',
    required: 'This field is required',
    saved: 'Address saved',
    line: 'China Beijing Beijing Chaoyang 88 Jianguo Road',
    oldLine: 'China 北京 北京 建国路 88 号',
    hkLabels: ['Area or district'],
    hkPhone: 'A mobile number here has 8 digits',
  },
  'zh-Hans': {
    buyNow: '立即购买',
    addAddress: '新增地址',
    newAddress: '新增收货地址',
    editAddress: '编辑地址',
    labels: ['国家或地区', '详细地址', '省份', '城市', '区/县', '邮政编码（选填）', '收货人', '电话', '公司（选填）', '邮箱（选填）', '设为默认地址'],
    province: '北京市',
    city: '北京市',
    district: '朝阳区',
    street: '建国路88号',
    wrongPhone: '中国大陆手机号码为以1开头的11位数字，例如 138 0013 8000',
    required: '此项为必填项',
    saved: '地址已保存',
    line: '中国 北京市 北京市 朝阳区 建国路88号',
    oldLine: '中国 北京 北京 建国路 88 号',
    hkLabels: ['地区'],
    hkPhone: '此处的手机号码为8位数字',
  },
} as const;

const form = (page: Page) => page.locator('form.address-form');
const input = (page: Page, name: string) => form(page).locator(`[name="${name}"]`);
/** The field (label, control, message) of a control. */
const fieldOf = (page: Page, name: string) => form(page).locator('.field').filter({ has: page.locator(`[name="${name}"]`) });

/** Types into the focused field and checks that Tab moves on to the next one the form asks. */
async function typeAndTab(page: Page, name: string, value: string, next: string) {
  await expect(input(page, name)).toBeFocused();
  if (value) await page.keyboard.type(value);
  await page.keyboard.press('Tab');
  await expect(input(page, next)).toBeFocused();
}

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`address form (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test('checkout → new China address → a ten-digit phone refused → fixed → back at the checkout with it chosen', async ({ page }) => {
      await newAddressFromCheckout(page, text);
      await expect(navTitle(page)).toHaveText(text.newAddress);

      // Before a country is chosen, only what every address has is asked; the country comes first.
      await expect(input(page, 'province')).toHaveCount(0);
      await input(page, 'country').focus();
      // The shop's usual countries lead the list: China first.
      await page.keyboard.press('ArrowDown');
      await expect(input(page, 'country')).toHaveValue('CN');
      await expect(form(page).locator('.field-label')).toHaveText([...text.labels]);
      await page.keyboard.press('Tab');
      await typeAndTab(page, 'detail', text.street, 'province');
      await typeAndTab(page, 'province', text.province, 'city');
      await typeAndTab(page, 'city', text.city, 'district');
      // The district is needed in mainland China: left empty, it is the first thing said.
      await typeAndTab(page, 'district', '', 'postCode');
      await typeAndTab(page, 'postCode', '', 'name');
      await typeAndTab(page, 'name', 'Wang Fang', 'tel');
      await page.keyboard.type('1380013800');
      await page.keyboard.press('Enter');
      await expect(form(page).locator('.field--error')).toHaveCount(2);
      await expect(input(page, 'district')).toBeFocused();
      await expect(fieldOf(page, 'district')).toContainText(text.required);
      await expect(fieldOf(page, 'tel')).toContainText(text.wrongPhone);
      await expectAccessible(page);

      await page.keyboard.type(text.district);
      for (let field = 0; field < 3; field++) await page.keyboard.press('Tab');
      await expect(input(page, 'tel')).toBeFocused();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('13800138000');
      await page.keyboard.press('Enter');

      await expect(toast(page).last()).toHaveText(text.saved);
      await expect(page).toHaveURL(/\/pages\/order\/order-create\?addressId=\d+/);
      const chosen = page.locator('.address-card');
      await expect(chosen).toContainText('Wang Fang 138 0013 8000');
      await expect(chosen).toContainText(text.line);
      const addressId = new URL(page.url()).searchParams.get('addressId');

      // The same address, opened from the book, is an edit; switching to Hong Kong asks for other fields.
      await page.goto(`pages/mine/address/address-edit?id=${addressId}`);
      await expect(navTitle(page)).toHaveText(text.editAddress);
      await expect(input(page, 'tel')).toHaveValue('138 0013 8000');
      await input(page, 'country').selectOption('HK');
      await expect(input(page, 'province')).toHaveCount(0);
      await expect(input(page, 'postCode')).toHaveCount(0);
      await expect(fieldOf(page, 'city').locator('.field-label')).toHaveText(text.hkLabels[0]);
      // A mainland mobile is no Hong Kong number unless written with +86.
      await input(page, 'city').fill('Central');
      await form(page).locator('button[type="submit"]').click();
      await expect(fieldOf(page, 'tel')).toContainText(text.hkPhone);
      await expect(input(page, 'tel')).toBeFocused();
      await expectAccessible(page);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('+86 138 0013 8000');
      await page.keyboard.press('Enter');
      await expect(toast(page).last()).toHaveText(text.saved);
    });

    test('an address saved by the old form still opens, says what to fix, and is fixed by saving', async ({ page }) => {
      await page.goto('pages/index/index');
      await signInAs(page, 'demo@simshop.local');
      const name = `Old form ${l.lang} ${Date.now()}`;
      // As the old form kept it: the country typed, a ten-digit "phone" for Beijing, no district.
      onShopDatabase(`const user = await db.selectFrom('users').select('id').where('email', '=', 'demo@simshop.local').executeTakeFirstOrThrow();
await db.insertInto('addresses').values({ user_id: user.id, name: ${JSON.stringify(name)}, company: '', tel: '1380013800', email: '', country: '中国', province: '北京', city: '北京', district: '', post_code: '', detail: '建国路 88 号', is_default: 0, created_at: Date.now(), updated_at: Date.now() }).execute();`);
      await page.goto('pages/mine/address/address');
      const card = page.locator('.address-card').filter({ hasText: name });
      await expect(card).toContainText(text.oldLine);
      await card.click();
      await expect(navTitle(page)).toHaveText(text.editAddress);
      await expect(input(page, 'country')).toHaveValue('CN');
      await expect(fieldOf(page, 'tel')).toContainText(text.wrongPhone);
      await expect(fieldOf(page, 'district')).toContainText(text.required);
      await input(page, 'district').fill(text.district);
      await input(page, 'tel').fill('13800138000');
      await form(page).locator('button[type="submit"]').click();
      await expect(toast(page).last()).toHaveText(text.saved);
      await expect(page.locator('.address-card').filter({ hasText: name })).toContainText('138 0013 8000');
    });
  });
}
