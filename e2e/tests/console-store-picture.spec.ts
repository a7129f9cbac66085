import { expect, test } from '@playwright/test';
import { expectOpen } from './support/antd';
import { CONSOLE_VIEWPORT, consoleSignIn, consoleUrl, expectAccessible } from './support/console';

/** A store's picture is chosen with the media library's picker, as every image field of the console. */
const T = {
  en: { title: 'Add a store', choose: 'Choose a picture', picture: 'Picture' },
  'zh-Hans': { title: '添加门店', choose: '选择图片', picture: '门店图片' },
} as const;

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = T[lang];
  test(`a store's picture comes from the media library's picker (${lang})`, async ({ page }) => {
    await consoleSignIn(page, 'owner', lang);
    await page.goto(consoleUrl('stores/new'));
    await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
    const choose = page.getByRole('button', { name: `${text.choose}: ${text.picture}` });
    await expectAccessible(page);
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/store-picture-${lang}-1440.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/store-picture-${lang}-1280.png`, fullPage: true });
      await page.setViewportSize(CONSOLE_VIEWPORT);
    }
    await choose.click();
    const library = page.getByRole('dialog', { name: text.choose });
    await expectOpen(library);
    await page.keyboard.press('Escape');
    await expect(library).toBeHidden();
    await expect(choose).toBeFocused();
  });
}
