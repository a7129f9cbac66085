import { expect, test } from '@playwright/test';
import { registerAndSignIn } from './support/accounts';
import { expectAccessible } from './support/axe';
import { paidOrder } from './support/orders';
import { EN, ZH, payInSandbox } from './support/shop';
import { keepScreen } from './support/screens';

/**
 * Adding data to an eSIM the customer has, from its page: "Add data" offers the packages that fit
 * it, the chosen one is paid in the sandbox like any order, its order page names the eSIM it tops
 * up, and the eSIM's package queue shows it — on the same eSIM, with no new QR code.
 */
const T = {
  en: { addData: 'Add data', buy: /^Buy .*8\.90$/, pay: 'Pay', paid: 'Payment received', view: 'View order', target: 'Data added to your eSIM', same: 'Added to this eSIM, no new QR code', queue: 'Your packages', plan: 'Plan', addon: 'Asia data add-on', residence: 'Country of residence', consent: /^I ask you to deliver the digital goods/ },
  'zh-Hans': { addData: '添加流量', buy: /^购买 .*8\.90$/, pay: '支付', paid: '支付成功', view: '查看订单', target: '流量已加到您的 eSIM', same: '加到这张 eSIM 上，无需新二维码', queue: '我的流量包', plan: '原套餐', addon: '亚洲流量加油包', residence: '居住国家/地区', consent: /^我要求立即交付/ },
} as const;

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`add data to an eSIM (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test("buys a package that fits from the eSIM's page, by keyboard, and sees it queued on the same eSIM", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      // A new account: its list holds only this journey's eSIM (a pool eSIM, assigned as it is paid).
      const { token } = await registerAndSignIn(page, `addon-${l.lang.toLowerCase()}`);
      await paidOrder(page, token, 'Asia eSIM');
      await page.goto('pages/mine/esim/esim');
      await expect(page.locator('.esim-card-link')).toHaveCount(1);
      await page.locator('.esim-card-link').click();
      await expect(page).toHaveURL(/\/pages\/mine\/esim\/esim-detail\?id=\d+/);
      const esimUrl = page.url();

      // "Add data" lists the packages of the eSIM's family, each with its price.
      const addData = page.locator('.esim-add-data');
      await expect(addData.getByRole('heading', { name: text.addData })).toBeVisible();
      await expect(addData.locator('.esim-addon-list li')).toHaveCount(2);
      await expect(page.locator('.esim-queue-list li')).toHaveCount(1);
      await expectAccessible(page);

      // A customer living in the EU consents to immediate performance first, as at checkout.
      const buy = addData.getByRole('button', { name: text.buy });
      await addData.getByLabel(text.residence).selectOption('DE');
      await expect(buy).toBeDisabled();
      const consent = addData.getByRole('checkbox', { name: text.consent });
      await consent.focus();
      await page.keyboard.press('Space');
      await expect(consent).toBeChecked();
      await expect(buy).toBeEnabled();
      await keepScreen(page, `esim-add-data-${l.lang}`, { fullPage: true });

      // By keyboard: the 3 GB package's button makes the order and opens its payment.
      await buy.focus();
      await page.keyboard.press('Enter');
      await payInSandbox(page, text);
      const orderNo = new URL(page.url()).searchParams.get('orderNo')!;

      // The order names the eSIM it tops up (not a new eSIM) and leads to it.
      await page.getByRole('button', { name: text.view }).click();
      await expect(page).toHaveURL(new RegExp(`orderNo=${orderNo}`));
      const target = page.locator('.addon-targets');
      await expect(target.getByRole('heading', { name: text.target })).toBeVisible();
      await expect(target).toContainText(text.same);
      await expect(page.locator('.delivered-esims')).toHaveCount(0);
      // The page reads the order again while the package is being added: checked once it has been, so nothing changes under the check.
      await expect(page.locator('.order-fulfilment')).toHaveCount(0);
      await expectAccessible(page);
      await keepScreen(page, `addon-order-${l.lang}`, { fullPage: true });
      const link = target.getByRole('link');
      await link.focus();
      await page.keyboard.press('Enter');

      // The same eSIM's page: its queue has the plan, then the add-on; still one eSIM in the list.
      await expect(page).toHaveURL(esimUrl);
      const queue = page.locator('.esim-queue-list li');
      await expect(queue).toHaveCount(2);
      await expect(queue.nth(0)).toContainText(text.plan);
      await expect(queue.nth(1)).toContainText(text.addon);
      await expect(queue.nth(1)).toContainText('3 GB');
      await expectAccessible(page);
      await keepScreen(page, `esim-queue-${l.lang}`, { fullPage: true });
      await page.goto('pages/mine/esim/esim');
      await expect(page.locator('.esim-card-link')).toHaveCount(1);
    });
  });
}
