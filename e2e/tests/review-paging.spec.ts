import { expect, test } from '@playwright/test';
import { api } from '@simshop/contract';
import { expectAccessible } from './support/axe';
import { showReviews } from './support/shop';

/**
 * The goods page's reviews a page at a time. The demo shop has two reviews per product, so the
 * product's review list is answered here with 25 (the server's paging itself is tested in
 * apps/server/test): 20 show, "More reviews" brings the other 5 and then goes away.
 */
const TEXT = {
  en: { locale: 'en-US', more: 'More reviews (20 of 25 shown)', product: 'Asia eSIM' },
  'zh-Hans': { locale: 'zh-CN', more: '查看更多评价（已显示 20 / 25 条）', product: '亚洲eSIM' },
} as const;

const TOTAL = 25;
const review = (n: number) => ({ id: 900_000 + n, nickname: `Traveller ${n}`, avatar: null, content: `Review number ${n}`, images: '', reply: null, createdAt: Date.UTC(2026, 10, 1) - n * 3_600_000, rating: 5, pictures: [] });

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = TEXT[lang];
  test.describe(`review paging (${lang})`, () => {
    test.use({ locale: text.locale, extraHTTPHeaders: { 'accept-language': text.locale } });

    test('shows 20 reviews, then the rest after "More reviews"', async ({ page }) => {
      await page.goto('pages/index/index');
      const asked: number[] = [];
      await page.route(`**${api.product.path}?action=comments*`, async (route) => {
        const body = route.request().postDataJSON() as { id: number; page: number; size: number };
        asked.push(body.page);
        const items = Array.from({ length: TOTAL }, (_, i) => review(i + 1)).slice((body.page - 1) * body.size, body.page * body.size);
        await route.fulfill({ json: { code: 0, status: 200, msg: '', data: { items, total: TOTAL } } });
      });
      // Opened from home, so the page asks for its reviews (a goods page's own HTML brings them).
      await page.locator('.plan-card', { hasText: text.product }).first().click();
      const reviews = page.locator('section[aria-labelledby="reviews-title"]');
      await showReviews(page);
      await expect(reviews.locator('.review')).toHaveCount(20);
      const more = reviews.getByRole('button', { name: text.more });
      await expect(more).toBeVisible();
      await expectAccessible(page, ['section[aria-labelledby="reviews-title"]']);
      await more.click();
      await expect(reviews.locator('.review')).toHaveCount(TOTAL);
      await expect(reviews.locator('.review').last()).toContainText(`Review number ${TOTAL}`);
      await expect(reviews.locator('.review-more')).toHaveCount(0);
      expect(asked).toContain(2);
    });
  });
}
