import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall, signInAs } from './support/accounts';
import { EN, ZH, productId } from './support/shop';

/**
 * "My eSIMs with each QR code and activation code available offline". After one online
 * visit of the list and a detail, with the phone offline (chromium offline mode), the list and
 * the detail still show the eSIM, its QR and its activation code, saying the copy is a saved one;
 * signing out removes the copy and the pages the service worker saved. No address with a code
 * in it is ever saved.
 */
const T = {
  en: { offline: /Offline — showing what was saved at/, activation: /Activation code/ },
  'zh-Hans': { offline: /离线 — 显示的是 .* 保存的内容/, activation: /激活码/ },
} as const;

/** Buys one Asia eSIM for the signed-in user through the API and the payment sandbox. */
async function buyEsim(page: Page, token: string): Promise<void> {
  const product = await apiCall(page, api.product.path, 'detail', { id: await productId(page, 'Asia eSIM'), i18n: 'en' }, token);
  const sku = (product.data as { skus: Array<{ id: number }> }).skus[0]!;
  const order = await apiCall(page, api.order.path, 'create', { items: [{ skuId: sku.id, quantity: 1, inputs: {} }] }, token);
  expect(order.code, JSON.stringify(order)).toBe(0);
  const pay = await apiCall(page, api.order.path, 'pay', { orderNo: (order.data as { orderNo: string }).orderNo, method: 'sandbox' }, token);
  const hosted = new URL((pay.data as { redirectUrl: string }).redirectUrl).pathname;
  const form = await (await page.request.get(hosted)).text();
  const sig = /value="approve"><input type="hidden" name="sig" value="([0-9a-f]+)"/.exec(form)![1]!;
  await page.request.post(hosted, { form: { outcome: 'approve', sig }, maxRedirects: 0 });
}

/** The eSIM codes the server holds for this user (newest first). */
async function esimCodes(page: Page, token: string): Promise<string[]> {
  const list = await apiCall(page, api.esim.path, 'list', { page: 1, size: 100, i18n: 'en' }, token);
  return (list.data as { items: Array<{ activationCode: string }> }).items.map((e) => e.activationCode);
}

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`offline eSIMs (${l.lang})`, () => {
    test.use({ serviceWorkers: 'allow', locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test('the eSIM list and detail, QR and activation code, work offline after one online visit; sign-out clears them', async ({ page, context }) => {
      await page.goto('pages/index/index');
      const token = await signInAs(page, 'demo@simshop.local');
      await buyEsim(page, token);
      let code = '';
      await expect
        .poll(
          async () => {
            code = (await esimCodes(page, token))[0] ?? '';
            return code;
          },
          { timeout: 15_000 },
        )
        .not.toBe('');

      // One online visit: the list, then the newest eSIM's detail.
      await page.goto('pages/mine/esim/esim');
      // The service worker has cached the app (it registers once the page has loaded).
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await expect(page.locator('.esim-list .esim-card').first()).toBeVisible();
      await expect(page.locator('.offline-note')).toHaveCount(0);
      await page.locator('.esim-card-link').first().click();
      await expect(page.locator('img.qr-code')).toBeVisible();
      await expect(page.getByText(code).first()).toBeVisible();
      const detailUrl = page.url();
      // A page opened with a code in its address (an ECode is a bearer voucher) is never kept.
      await page.goto('pages/ecode/index?code=JT0000000042');
      await page.goto('pages/mine/esim/esim');
      const keptPages = () => page.evaluate(async () => ((await caches.has('simshop-pages')) ? (await (await caches.open('simshop-pages')).keys()).map((r) => r.url) : []));
      await expect.poll(async () => (await keptPages()).some((u) => u.includes('/pages/mine/esim/esim'))).toBe(true);
      expect((await keptPages()).filter((u) => u.includes('JT0000000042'))).toEqual([]);

      await context.setOffline(true);
      // A fresh load offline: the page comes from the service worker, the eSIMs from the phone.
      await page.goto('pages/mine/esim/esim');
      await expect(page.locator('.offline-note')).toContainText(text.offline);
      // The newest eSIM first, as online; its page shows its code.
      await expect(page.locator('.esim-list .esim-card').first()).toBeVisible();
      await page.locator('.esim-card-link').first().click();
      await expect(page.locator('.offline-note')).toContainText(text.offline);
      await expect(page.locator('img.qr-code')).toBeVisible();
      await expect(page.locator('.adm-list-item').filter({ hasText: text.activation }).first()).toContainText(code);
      await page.goto(detailUrl);
      await expect(page.locator('img.qr-code')).toBeVisible();
      await expect(page.getByText(code).first()).toBeVisible();

      // Signing out (here: the session ends) removes the copy, even offline.
      await page.evaluate(() => {
        localStorage.removeItem('simshop.token');
        window.dispatchEvent(new StorageEvent('storage'));
      });
      await expect.poll(() => page.evaluate(() => localStorage.getItem('simshop.offline.esims'))).toBeNull();
      // The pages saved while signed in go too; the app's own files stay for the next visitor.
      await expect.poll(() => page.evaluate(() => caches.has('simshop-pages'))).toBe(false);
      expect(await page.evaluate(async () => (await caches.keys()).some((k) => k.startsWith('simshop-shell-')))).toBe(true);
      await context.setOffline(false);
    });

    test("a saved copy is never shown to someone else", async ({ page, context }) => {
      await page.goto('pages/index/index');
      const token = await signInAs(page, 'demo@simshop.local');
      if ((await esimCodes(page, token)).length === 0) await buyEsim(page, token);
      await page.goto('pages/mine/esim/esim');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await expect(page.locator('.esim-list .esim-card').first()).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('simshop.offline.esims'))).not.toBeNull();

      // Another account signs in on top (no sign-out in between), then the phone goes offline.
      await signInAs(page, 'foreign@simshop.local');
      await context.setOffline(true);
      await page.goto('pages/mine/esim/esim');
      await expect(page.locator('.state--error')).toBeVisible();
      await expect(page.locator('.offline-note')).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('simshop.offline.esims'))).toBeNull();
      await context.setOffline(false);
    });
  });
}
