import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/accounts';
import { at, LANGS } from './support/shop';
import { keepScreen } from './support/screens';

/**
 * The reseller API's reference page: Mine → API links it in both languages, and Scalar draws the
 * served OpenAPI document in the browser from this server alone: an operation's summary is on
 * the page, nothing was asked of another host, and the console has no error (a request the
 * page's Content-Security-Policy refused would be one). E2E_SHOTS_DIR keeps a screenshot of each width.
 */
const T = {
  en: { entry: 'API keys', docs: 'API reference' },
  'zh-Hans': { entry: 'API 密钥', docs: 'API 参考文档' },
} as const;
const CATALOGUE_SUMMARY = /^What the reseller can buy/;

for (const { lang, locale } of LANGS) {
  test.describe(`API reference link (${lang})`, () => {
    test.use({ locale, extraHTTPHeaders: { 'accept-language': locale } });

    test('Mine → API links the API reference', async ({ page }) => {
      await signInAs(page, 'reseller@simshop.local', 'demo1234', true);
      await page.goto('pages/mine/index');
      await page.locator('.shortcut', { hasText: T[lang].entry }).click();
      await expect(page).toHaveURL(at('/pages/mine/api'));
      await expect(page.getByRole('link', { name: T[lang].docs, exact: true })).toHaveAttribute('href', '/api/v1/docs');
    });
  });
}

/** Opens the page, noting console errors and every request that left this origin. */
async function openReference(page: Page) {
  const errors: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const origin = new URL(test.info().project.use.baseURL!).origin;
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url)) elsewhere.push(url);
  });
  await page.goto('/api/v1/docs');
  return { errors, elsewhere };
}

for (const width of [1280, 390]) {
  test.describe(`API reference at ${width} px`, () => {
    // The phone is the config's default; at 1280 px a desktop browser.
    if (width > 600) test.use({ viewport: { width, height: 800 }, isMobile: false, hasTouch: false });

    test('Scalar draws the reference from this server alone', async ({ page }) => {
      const { errors, elsewhere } = await openReference(page);
      // The operation's own heading (the sidebar, folded away on a phone, names it too).
      await expect(page.getByRole('heading', { name: CATALOGUE_SUMMARY })).toBeVisible();
      await keepScreen(page, `${width}`);
      expect(elsewhere).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}
