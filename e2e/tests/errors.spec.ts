import { expect, test } from '@playwright/test';
import { serverErrors } from '@simshop/contract';
import { EN, ZH, tab, toast } from './support/shop';

/**
 * A server refusal shows its catalogue message, translated, in the error toast: a clock 20
 * minutes behind makes every signed request stale, so the server answers res.signature.invalid.
 */
for (const [first, second] of [
  [EN, ZH],
  [ZH, EN],
] as const) {
  test.describe(`server error toast from ${first.lang}`, () => {
    test.use({ locale: first.locale });

    test(`shows the catalogue text in ${first.lang}, then in ${second.lang}`, async ({ page }) => {
      await page.clock.setFixedTime(new Date(Date.now() - 20 * 60_000));
      await page.goto('');
      // Exactly the catalogue's text for the key the server sent.
      const expected = first.lang === 'en' ? serverErrors.signatureInvalid.en : serverErrors.signatureInvalid.zh;
      await expect(toast(page).filter({ hasText: first.text.signatureInvalid })).toHaveText(expected);
      // The home page shows its error state with a retry rather than a blank screen.
      await expect(page.locator('.state--error')).toBeVisible();

      await tab(page, 3).click();
      await page.getByTestId('language-selector').click();
      await page.getByRole('dialog').getByRole('button', { name: second.text.languageName }).click();
      await expect(page.getByText(second.text.myServices)).toBeVisible();
      await tab(page, 0).click();
      // Home reloads its content in the new language and the refusal is shown in that language.
      await expect(toast(page).filter({ hasText: second.text.signatureInvalid })).toBeVisible();
    });
  });
}
