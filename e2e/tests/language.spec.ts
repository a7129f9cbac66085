import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@simshop/contract';
import { EN, ZH, tab } from './support/shop';
import type { LangCase } from './support/shop';

/** SPEC §9: the mine page's language selector switches at once and persists. */
async function choose(page: Page, from: LangCase, to: LangCase) {
  await page.getByTestId('language-selector').click();
  await page.getByRole('dialog').getByRole('button', { name: to.text.languageName }).click();
  await expect(page.getByText(to.text.myServices)).toBeVisible();
  await expect(page.getByText(from.text.myServices)).toHaveCount(0);
}

async function expectLanguage(page: Page, l: LangCase) {
  await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
  await expect(page.getByTestId('language-selector')).toContainText(l.text.language);
  await expect(page.getByTestId('language-selector')).toContainText(l.text.languageName);
  await expect(tab(page, 3)).toContainText(l.text.tabs[3]);
  await expect(tab(page, 0)).toContainText(l.text.tabs[0]);
}

for (const [first, second] of [
  [EN, ZH],
  [ZH, EN],
] as const) {
  test.describe(`language switch from ${first.lang}`, () => {
    test.use({ locale: first.locale });

    test(`${first.lang} → ${second.lang} → ${first.lang}, persisting across reloads`, async ({ page }) => {
      await page.goto('pages/mine/index');
      await expectLanguage(page, first);

      await choose(page, first, second);
      await expectLanguage(page, second);
      expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.language)).toBe(JSON.stringify(second.lang));

      await page.reload();
      await expectLanguage(page, second);

      await choose(page, second, first);
      await expectLanguage(page, first);
      await page.reload();
      await expectLanguage(page, first);
    });
  });
}

/**
 * A page's address may name its language (`?lang=`: the server's hreflang alternates, what a
 * search engine follows): the page, its texts and its title are in that language, and the
 * reader's own choice is neither changed nor remembered from it.
 */
for (const [reader, named] of [
  [EN, ZH],
  [ZH, EN],
] as const) {
  test.describe(`a page addressed in ${named.lang}, read in ${reader.lang}`, () => {
    test.use({ locale: reader.locale });

    test('shows the goods page in the named language, without remembering it', async ({ page }) => {
      await page.goto('pages/mine/index');
      await expectLanguage(page, reader);

      await page.goto(`pages/goods/goods?id=3&lang=${named.lang}`);
      const name = named.lang === 'en' ? 'Asia eSIM' : '亚洲eSIM';
      await expect(page.locator('html')).toHaveAttribute('lang', named.lang);
      await expect(page.locator('.goods-name')).toHaveText(name);
      await expect(page).toHaveTitle(new RegExp(`^${name}`));

      await page.goto('pages/mine/index');
      await expectLanguage(page, reader);
    });
  });
}
