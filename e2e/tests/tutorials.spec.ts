import { expect, test } from '@playwright/test';
import { EN, ZH, at, backButton, navTitle } from './support/shop';

/** The tutorials of SPEC §2 (mine/tutorial), seeded in both languages. */
const T = {
  en: { titles: ['Install an eSIM on iPhone', 'Install an eSIM on Android', 'Find your EID', 'Recharge a SIM or device', 'Resellers: ECodes and QPE'], eid: 'Find your EID', heading: 'Any phone', step: 'Settings › General › About.', published: /^Published /, updated: /^Updated /, missing: 'This tutorial does not exist or was withdrawn.', all: 'All tutorials' },
  'zh-Hans': { titles: ['在iPhone上安装eSIM', '在安卓手机上安装eSIM', '查找手机的EID', '为电话卡或设备充值', '分销商：ECode与QPE'], eid: '查找手机的EID', heading: '任何手机', step: '设置 › 通用 › 关于本机。', published: /^发布于 /, updated: /^更新于 /, missing: '该教程不存在或已下线。', all: '全部教程' },
} as const;

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`tutorials (${l.lang})`, () => {
    test.use({ locale: l.locale });

    test('mine → tutorials → a tutorial with its times and steps, and back', async ({ page }) => {
      await page.goto('pages/mine/index');
      await page.getByRole('button', { name: l.text.tutorials }).click();
      await expect(page).toHaveURL(at('/pages/mine/tutorial/tutorial'));
      await expect(navTitle(page)).toHaveText(l.text.tutorials);
      const items = page.locator('.tutorial-list .adm-list-item');
      await expect(items.locator('.adm-list-item-content-main')).toHaveText(text.titles.map((title) => new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)));
      await expect(items.first().locator('.adm-list-item-description')).toHaveText(text.updated);

      await items.filter({ hasText: text.eid }).click();
      await expect(page).toHaveURL(at('/pages/mine/tutorial/tutorial-detail'));
      await expect(navTitle(page)).toHaveText(text.eid);
      await expect(page.locator('.tutorial-title')).toHaveText(text.eid);
      await expect(page.locator('.tutorial-times span').first()).toHaveText(text.published);
      await expect(page.locator('.article-content h2').filter({ hasText: text.heading })).toBeVisible();
      await expect(page.locator('.article-content ol li').first()).toHaveText(text.step);

      await backButton(page).click();
      await expect(page).toHaveURL(at('/pages/mine/tutorial/tutorial'));
      await expect(items).toHaveCount(text.titles.length);
    });

    test('an unknown tutorial says so and leads to the list', async ({ page }) => {
      await page.goto('pages/mine/tutorial/tutorial-detail?id=999999');
      await expect(page.getByText(text.missing)).toBeVisible();
      await page.getByRole('button', { name: text.all }).click();
      await expect(page).toHaveURL(at('/pages/mine/tutorial/tutorial'));
      await expect(page.locator('.tutorial-list .adm-list-item')).toHaveCount(text.titles.length);
    });
  });
}
