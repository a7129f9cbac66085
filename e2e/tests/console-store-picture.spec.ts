import { expect, test } from '@playwright/test';
import { expectOpen } from './support/antd';
import { consoleSignIn, expectAccessible } from './support/console';
import { consoleScreens } from './support/screens';

/** A store's picture is chosen with the media library's picker, as every image field of the console. */
const T = {
  en: { title: 'Add a store', choose: 'Choose a picture', picture: 'Picture' },
  'zh-Hans': { title: '添加门店', choose: '选择图片', picture: '门店图片' },
} as const;

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = T[lang];
  test(`a store's picture comes from the media library's picker (${lang})`, async ({ page }) => {
    await consoleSignIn(page, 'owner', lang, 'stores/new');
    await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
    const choose = page.getByRole('button', { name: `${text.choose}: ${text.picture}` });
    await expectAccessible(page);
    await consoleScreens(page, `store-picture-${lang}`);
    await choose.click();
    const library = page.getByRole('dialog', { name: text.choose });
    await expectOpen(library);
    await page.keyboard.press('Escape');
    await expect(library).toBeHidden();
    await expect(choose).toBeFocused();
  });
}
