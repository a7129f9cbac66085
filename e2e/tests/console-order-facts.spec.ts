import { expect, test } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall, registerAndSignIn } from './support/accounts';
import { consoleSignIn, expectAccessible } from './support/console';
import { paidOrder, payBySandbox } from './support/orders';
import { keepScreen } from './support/screens';

/**
 * The console's order page as staff meet it after the purchase: a data add-on names the eSIM it
 * tops up and its history names who moved it; the delivery address is changed with a country
 * picker that decides the fields and the phone rule (the shop's rules); a product's add-on family
 * is set with its help.
 */
const T = {
  en: {
    addon: 'Adds data to the eSIM “Asia eSIM” (no new eSIM)', byProvider: 'By Test payment (sandbox) · Payment provider', china: 'China', edit: 'Edit address', country: 'Country or region',
    province: 'Province', area: 'Area or district', phoneCn: 'A mainland China mobile number has 11 digits', done: 'Address changed', save: 'Save',
    family: 'Add-on family', familyHelp: 'The data add-ons with this same family', familyShort: 'Add-on family: asia',
  },
  'zh-Hans': {
    addon: '为 eSIM“亚洲eSIM”加流量（不是新的 eSIM）', byProvider: '操作人 测试支付（沙盒） · 支付渠道', china: '中国', edit: '修改地址', country: '国家或地区',
    province: '省份', area: '地区', phoneCn: '中国大陆手机号码为以1开头的11位数字', done: '地址已修改', save: /^保\s?存$/,
    family: '加油包系列', familyHelp: '系列相同的流量加油包', familyShort: '加油包系列：asia',
  },
} as const;

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = T[lang];
  test.describe(`console order facts (${lang})`, () => {
    test("a data add-on's order names the eSIM it tops up", async ({ page }) => {
      await page.goto('pages/index/index');
      const { token } = await registerAndSignIn(page, `console-addon-${lang.toLowerCase()}`);
      await paidOrder(page, token, 'Asia eSIM');
      const esim = ((await apiCall(page, api.esim.path, 'list', { page: 1, size: 10 }, token)).data as { items: Array<{ id: number }> }).items[0]!;
      const offers = (await apiCall(page, api.esim.path, 'addons', { id: esim.id }, token)).data as { items: Array<{ skuId: number }> };
      const made = await apiCall(page, api.esim.path, 'addData', { id: esim.id, skuId: offers.items[1]!.skuId }, token);
      const { orderNo } = made.data as { orderNo: string };
      await payBySandbox(page, token, orderNo);

      await consoleSignIn(page, 'operator', lang, `orders/${orderNo}`);
      await expect(page.getByText(text.addon)).toBeVisible();
      await expect(page.getByText(text.byProvider)).toBeVisible();
      await expect(page.locator('body')).not.toContainText('provider:sandbox');
      await expectAccessible(page);
      await keepScreen(page, `console-addon-order-${lang}`, { fullPage: true });
    });

    test('changes a delivery address by keyboard: the country decides the fields and the phone rule', async ({ page }) => {
      const { token } = await registerAndSignIn(page, `console-address-${lang.toLowerCase()}`);
      // Shipped to Hong Kong: an area, no province, no post code.
      const { orderNo } = await paidOrder(page, token, 'China Unicom prepaid SIM', { paperCard: 'with_card' });
      await consoleSignIn(page, 'operator', lang, `orders/${orderNo}`);
      await page.getByRole('button', { name: text.edit }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel(text.area, { exact: true })).toHaveValue('Kowloon');
      await expect(dialog.getByLabel(text.province, { exact: true })).toHaveCount(0);
      await expectAccessible(page);
      await keepScreen(page, `console-address-hk-${lang}`);

      // Mainland China, chosen by typing: province, city and district are asked, and a Hong Kong phone is refused.
      const country = dialog.getByLabel(text.country);
      await country.focus();
      await page.keyboard.type(lang === 'en' ? 'China' : '中国');
      await page.keyboard.press('Enter');
      await expect(dialog.getByLabel(text.province, { exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: text.save }).press('Enter');
      await expect(dialog.getByText(text.phoneCn)).toBeVisible();
      await expectAccessible(page);
      await keepScreen(page, `console-address-cn-${lang}`);

      await dialog.getByLabel(text.province, { exact: true }).fill('Beijing');
      await dialog.locator('input[id$="address_city"]').fill('Beijing');
      await dialog.locator('input[id$="address_district"]').fill('Chaoyang');
      await dialog.locator('input[id$="address_tel"]').fill('138 0013 8000');
      await dialog.getByRole('button', { name: text.save }).press('Enter');
      await expect(page.getByRole('alert').getByText(text.done)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Chan Tai Man 138 0013 8000')).toBeVisible();
      await expect(page.getByText(`Nathan Road 1, Chaoyang, Beijing, Beijing, ${text.china}`, { exact: true })).toBeVisible();
      // The audit trail has the change in words, the country by its name.
      await expect(page.getByRole('cell').getByText(`Chan Tai Man, 138 0013 8000, Nathan Road 1, Chaoyang, Beijing, Beijing, ${text.china}`)).toBeVisible();
    });

    test("sets a product's add-on family, with its help, and the list shows it", async ({ page }) => {
      await consoleSignIn(page, 'owner', lang, 'products');
      await expect(page.getByText(text.familyShort).first()).toBeVisible();
      await page.getByRole('link', { name: lang === 'en' ? 'Asia eSIM' : '亚洲eSIM', exact: true }).first().click();
      const field = page.getByLabel(text.family);
      await expect(field).toHaveValue('asia');
      await expect(page.getByText(text.familyHelp)).toBeVisible();
      await field.scrollIntoViewIfNeeded();
      await expectAccessible(page);
      await keepScreen(page, `console-product-family-${lang}`);
    });
  });
}
