import { expect, test } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall, registerAndSignIn, signInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { paidOrder } from './support/orders';
import { EN, ZH, productId } from './support/shop';
import { keepScreen } from './support/screens';

/**
 * My eSIMs as plans (name, destinations, state, data and days left; the whole card opens one),
 * and a sold-out product's page (notify me when it is back, the plans for the same trip), in
 * English and in Chinese.
 */
const T = {
  en: { asia: 'Asia eSIM', global: 'Global eSIM', notInstalled: 'Not installed yet', active: 'Active', asiaDays: '7 days', asiaData: '5 GB', asiaWhere: 'Hong Kong, Japan +3 more', soldOut: 'Sold out for now', submit: 'Notify me when it is back', email: 'E-mail address', required: 'This field is required', badEmail: 'Enter a valid email address', done: /^Done: we will e-mail .+ when it is back\.$/, alsoCover: 'Plans that also cover these', europe: 'Europe eSIM', leadEmail: /^We will e-mail demo@simshop\.local once when it is back\.$/ },
  'zh-Hans': { asia: '亚洲eSIM', global: '全球eSIM', notInstalled: '尚未安装', active: '使用中', asiaDays: '7 天', asiaData: '5 GB', asiaWhere: '香港、日本 另3个', soldOut: '暂时售罄', submit: '到货通知我', email: '邮箱地址', required: '此项为必填项', badEmail: '请输入有效的邮箱地址', done: /^已登记：到货后会发邮件到 .+。$/, alsoCover: '同样覆盖这', europe: '欧洲eSIM', leadEmail: /^到货后我们会发邮件到 demo@simshop\.local 通知您一次。$/ },
} as const;
const EID = '89049032004008882600012345678956';

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`My eSIMs and sold-out products (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test('each eSIM is a card with its plan, destinations, state and usage; the whole card opens it', async ({ page, baseURL }) => {
      await page.goto('pages/index/index');
      const { token } = await registerAndSignIn(page, 'my-esims');
      await paidOrder(page, token, 'Asia eSIM');
      await paidOrder(page, token, 'Global eSIM');
      // The SM-DP+ issues the on-demand profile from the outbox, within a moment of the payment.
      let global: { id: number; activationCode: string } | undefined;
      await expect
        .poll(
          async () => {
            const list = (await apiCall(page, api.esim.path, 'list', { page: 1, size: 10 }, token)).data as { items: Array<{ id: number; activationCode: string; name: string }> };
            global = list.items.find((e) => e.name === 'Global eSIM');
            return list.items.length === 2 && global !== undefined;
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      // The phone installs the Global eSIM and connects: its plan runs.
      const res = await page.request.post(`${new URL(baseURL!).origin}/smdp-sim/device/install`, { data: { matchingId: global!.activationCode, eid: EID } });
      expect(res.ok()).toBe(true);

      await page.goto('pages/mine/esim/esim');
      const cards = page.locator('.esim-card');
      await expect(cards).toHaveCount(2);
      const asia = cards.filter({ hasText: text.asia });
      const globalCard = cards.filter({ hasText: text.global });
      await expect(asia.locator('.esim-state')).toHaveText(text.notInstalled);
      await expect(asia.locator('.esim-state')).toHaveClass(/esim-state--action/);
      await expect(asia.locator('.esim-card-where')).toHaveText(text.asiaWhere);
      await expect(asia.locator('.esim-usage-data')).toContainText(text.asiaData);
      await expect(asia.locator('.esim-usage-days')).toContainText(text.asiaDays);
      await expect(globalCard.locator('.esim-state')).toHaveText(text.active);
      await expect(globalCard.locator('.esim-state')).toHaveClass(/esim-state--done/);
      await expect(globalCard.getByRole('progressbar')).toBeVisible();
      // No technical words on the list: no activation code, no record status.
      await expect(page.locator('.esim-list')).not.toContainText(global!.activationCode);
      await expectAccessible(page);
      await keepScreen(page, `esim-list-${l.lang}`, { fullPage: true });

      // Anywhere on the card opens the eSIM (the middle of it: its usage, not its name).
      await asia.click();
      await expect(page).toHaveURL(/esim-detail\?id=\d+/);
      await expect(page.locator('.esim-plan-state')).toHaveText(text.notInstalled);
      await keepScreen(page, `esim-detail-${l.lang}`, { fullPage: true });
      await page.goBack();
      // From the keyboard the card is one link, named by the plan.
      await expect(globalCard.getByRole('link')).toHaveCount(1);
      await expect(globalCard.getByRole('link')).toHaveText(text.global);
      await page.locator('.esim-card-link').first().focus();
      await page.keyboard.press('Tab');
      await expect(page.locator('.esim-card-link').nth(1)).toBeFocused();
      await keepScreen(page, `esim-list-focus-${l.lang}`, { fullPage: true });
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`esim-detail\\?id=\\d+`));
      await expect(page.locator('.esim-plan-name')).toBeVisible();
    });

    test('a sold-out product offers a notice when it is back and the plans for the same trip', async ({ page }) => {
      await page.goto('pages/index/index');
      const europe = await productId(page, 'Europe eSIM');
      await page.goto(`pages/goods/goods?id=${europe}`);
      const notify = page.locator('.sold-out-notify');
      await expect(notify.getByRole('heading', { name: text.soldOut })).toBeVisible();
      const field = notify.getByRole('textbox', { name: text.email });

      // Signed out: an e-mail address, checked before it is sent.
      await notify.getByRole('button', { name: text.submit }).click();
      await expect(notify.getByRole('alert')).toHaveText(text.required);
      await field.fill('not-an-address');
      await field.press('Enter');
      await expect(notify.getByRole('alert')).toHaveText(text.badEmail);
      // The plans that also cover Europe's destinations, in stock, without Europe itself.
      const alternatives = page.locator('.sold-out-alternatives');
      await expect(alternatives.getByRole('heading')).toContainText(text.alsoCover);
      await expect(alternatives.locator('.plan-card')).toContainText([text.global]);
      await expect(alternatives).not.toContainText(text.europe);
      await expectAccessible(page);
      await keepScreen(page, `sold-out-signed-out-${l.lang}`, { fullPage: true });

      // From the keyboard: the field, then Enter.
      await field.fill('');
      await field.focus();
      const address = `back-${l.lang.toLowerCase()}@example.com`;
      await page.keyboard.type(address);
      await page.keyboard.press('Enter');
      await expect(notify.getByRole('status')).toHaveText(text.done);
      await expect(notify).toContainText(address);
      await expectAccessible(page);

      // Signed in: one tap with the account's own address.
      await signInAs(page, 'demo@simshop.local');
      await page.goto(`pages/goods/goods?id=${europe}`);
      await expect(notify.locator('p')).toHaveText(text.leadEmail);
      await expect(notify.getByRole('textbox')).toHaveCount(0);
      await keepScreen(page, `sold-out-signed-in-${l.lang}`, { fullPage: true });
      await notify.getByRole('button', { name: text.submit }).click();
      await expect(notify.getByRole('status')).toContainText('demo@simshop.local');
    });
  });
}
