import { expect, test, type Page } from '@playwright/test';
import { adminApi, api, API_BASE, signRequest } from '@simshop/contract';
import { apiCall, signInAs } from './support/accounts';
import { expectAccessible } from './support/console';
import { showReviews } from './support/shop';

const TEXT = {
  en: { locale: 'en-US', write: 'Write a review', stars: '4 out of 5 stars', review: 'Your review', add: 'Add picture', publish: 'Publish review', thanks: 'Thank you for your review', reviewed: 'Reviewed', replyTitle: 'Reply from the shop', replied: 'The shop replied' },
  'zh-Hans': { locale: 'zh-CN', write: '去评价', stars: '4星（满分5星）', review: '您的评价', add: '添加图片', publish: '发布评价', thanks: '感谢您的评价', reviewed: '已评价', replyTitle: '商家回复', replied: '商家已回复' },
} as const;

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The demo customer's Asia eSIM order, paid on the sandbox's page and delivered by the server. */
async function deliveredEsimOrder(page: Page): Promise<{ token: string; orderNo: string; productId: number }> {
  const token = await signInAs(page, 'demo@simshop.local');
  const list = (await apiCall(page, api.product.path, 'list', { page: 1, size: 50, i18n: 'en' })).data as { items: Array<{ id: number; name: string }> };
  const productId = list.items.find((p) => p.name === 'Asia eSIM')!.id;
  const detail = (await apiCall(page, api.product.path, 'detail', { id: productId, i18n: 'en' })).data as { skus: Array<{ id: number; soldOut: boolean }> };
  const order = (await apiCall(page, api.order.path, 'create', { items: [{ skuId: detail.skus.find((s) => !s.soldOut)!.id, quantity: 1, inputs: {} }] }, token)).data as { orderNo: string };
  const pay = (await apiCall(page, api.order.path, 'pay', { orderNo: order.orderNo, method: 'sandbox' }, token)).data as { redirectUrl: string };
  const sandbox = new URL(pay.redirectUrl).pathname;
  const html = await (await page.request.get(sandbox)).text();
  const sig = /value="approve"><input type="hidden" name="sig" value="([0-9a-f]+)"/.exec(html)![1]!;
  await page.request.post(sandbox, { form: { outcome: 'approve', sig }, maxRedirects: 0 });
  await expect.poll(async () => ((await apiCall(page, api.order.path, 'detail', { orderNo: order.orderNo }, token)).data as { status: string }).status, { timeout: 20_000 }).toBe('delivered');
  return { token, orderNo: order.orderNo, productId };
}

/** The shop answers a review through the console's API, signed in as the owner. */
async function replyAsShop(page: Page, reviewId: number, reply: string) {
  const call = async (path: string, action: string, body: unknown, token?: string) => {
    const query = `action=${action}`;
    const json = JSON.stringify(body);
    const headers = signRequest({ certificate: 'web', secret: 'simshop-dev-signing-secret' }, { query, body: json, token });
    return (await (await page.request.post(`${API_BASE}${path}?${query}`, { headers: { ...headers, 'content-type': 'application/json' }, data: json })).json()) as { code: number; data: { token: string } };
  };
  const staff = await call(adminApi.adminAuth.path, 'login', { account: 'owner@simshop.local', password: 'demo1234' });
  expect((await call(adminApi.adminMessage.path, 'comment_reply', { id: reviewId, reply }, staff.data.token)).code).toBe(0);
}

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = TEXT[lang];
  test.describe(`reviews (${lang})`, () => {
    test.use({ locale: text.locale });

    test('a buyer reviews a received eSIM with a picture and sees the shop\'s reply on the goods page', async ({ page }) => {
      await page.goto('./');
      const { token, orderNo, productId } = await deliveredEsimOrder(page);
      await page.goto(`./pages/order/order-detail?orderNo=${orderNo}`);
      await page.getByRole('button', { name: text.write }).click();
      await expect(page).toHaveURL(/\/pages\/review\/write\?/);

      await page.getByRole('radio', { name: text.stars }).click();
      const words = `Worked the moment we landed ${lang} ${Date.now()}`;
      await page.getByLabel(text.review).fill(words);
      await page.locator('input[type=file]').setInputFiles({ name: 'sim.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.locator('.picture-tile img')).toHaveCount(1);
      await expectAccessible(page);
      await page.getByRole('button', { name: text.publish }).click();
      await expect(page.getByText(text.thanks)).toBeVisible();
      await expect(page).toHaveURL(/\/pages\/order\/order-detail/);
      await expect(page.getByText(text.reviewed)).toBeVisible();

      const reviews = (await apiCall(page, api.product.path, 'order_reviews', { orderNo }, token)).data as { items: Array<{ review: { id: number } | null }> };
      const reply = lang === 'en' ? 'Glad it worked, safe travels!' : '很高兴能帮到您，旅途愉快！';
      await replyAsShop(page, reviews.items[0]!.review!.id, reply);

      await page.goto(`./pages/goods/goods?id=${productId}`);
      await showReviews(page);
      const review = page.locator('.review', { hasText: words });
      await expect(review).toBeVisible();
      await expect(review.getByRole('img', { name: text.stars })).toBeVisible();
      await expect(review.locator('.review-picture img')).toHaveCount(1);
      await expect(review.getByText(text.replyTitle)).toBeVisible();
      await expect(review.getByText(reply)).toBeVisible();
      await expect(page.locator('.rating-average')).toBeVisible();
      // The goods page is shared with other work: checked here are the labels and the reviews.
      await expectAccessible(page, ['.goods-labels', 'section[aria-labelledby="reviews-title"]']);

      await page.goto(`./pages/order/order-detail?orderNo=${orderNo}`);
      await expect(page.getByText(text.replied)).toBeVisible();
    });
  });
}
