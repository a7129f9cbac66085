import { expect, test, type Locator } from '@playwright/test';
import { consoleApi, consoleSignIn, expectAccessible } from './support/console';
import { consoleScreens } from './support/screens';

/**
 * A blog post written and published in at most 6 clicks (typing is not a click): "Write a post",
 * the other language's tab, "Publish". The slug follows the title as it is typed; a title in
 * Chinese only gives `post-<day>-<4 letters>` until an English title makes a readable one.
 */
const T = {
  en: { menu: 'Blog', write: 'Write a post', slug: 'Slug', title: 'Title', summary: 'Summary', body: 'Text', other: 'Chinese (简体中文)', english: 'English', publish: 'Publish', published: 'Published: customers see it now' },
  'zh-Hans': { menu: '博客', write: '写文章', slug: '标识', title: '标题', summary: '摘要', body: '正文', other: '中文（简体）', english: '英文', publish: /发\s*布/, published: '已发布：顾客现在可以看到' },
} as const;

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = T[lang];
  test(`a blog post written and published in at most 6 clicks (${lang})`, async ({ page }) => {
    await consoleSignIn(page, 'operator', lang, 'blog');
    await expect(page.getByRole('button', { name: text.write })).toBeVisible();
    let clicks = 0;
    const click = async (target: Locator) => {
      clicks++;
      await target.click();
    };
    const stamp = Date.now().toString(36);
    const slug = page.getByLabel(text.slug, { exact: true });

    await click(page.getByRole('button', { name: text.write }));
    await expect(page).toHaveURL(/\/console\/blog\/new$/);
    if (lang === 'zh-Hans') {
      // The Chinese half first: a Chinese-only title has no Latin word to make a slug of.
      await click(page.locator('.ant-segmented-item', { hasText: text.other }));
      await page.getByLabel(text.title, { exact: true }).nth(1).fill('首尔漫游');
      await expect(slug).toHaveValue(/^post-\d{8}-[a-z0-9]{4}$/);
      await page.getByLabel(text.summary, { exact: true }).nth(1).fill('用亚洲 eSIM 看地铁图、打车。');
      await page.getByLabel(text.body, { exact: true }).nth(1).fill('## 落地后\n打开 eSIM 线路。');
      await click(page.locator('.ant-segmented-item', { hasText: text.english }));
    }
    await page.getByLabel(text.title, { exact: true }).first().fill(`Roaming in Seoul ${stamp}`);
    await expect(slug).toHaveValue(`roaming-in-seoul-${stamp}`);
    await page.getByLabel(text.summary, { exact: true }).first().fill('Subway maps and taxis on an Asia eSIM.');
    await page.getByLabel(text.body, { exact: true }).first().fill('## On arrival\nSwitch on the eSIM line.');
    if (lang === 'en') {
      await click(page.locator('.ant-segmented-item', { hasText: text.other }));
      await page.getByLabel(text.title, { exact: true }).nth(1).fill('首尔漫游');
      // The slug still comes from the English title.
      await expect(slug).toHaveValue(`roaming-in-seoul-${stamp}`);
      await page.getByLabel(text.summary, { exact: true }).nth(1).fill('用亚洲 eSIM 看地铁图、打车。');
      await page.getByLabel(text.body, { exact: true }).nth(1).fill('## 落地后\n打开 eSIM 线路。');
    }
    await expectAccessible(page);
    await consoleScreens(page, `blog-publish-${lang}`);
    await click(page.getByRole('button', { name: text.publish }));
    await expect(page.getByText(text.published)).toBeVisible();
    await expect(page).toHaveURL(/\/console\/blog\/\d+$/);
    expect(clicks).toBeLessThanOrEqual(6);
    const id = Number(/\/blog\/(\d+)$/.exec(page.url())![1]);

    const shop = await page.context().newPage();
    await shop.goto(`/uni/pages/blog/detail?id=${id}`);
    await expect(shop.locator('.blog-post-title')).toHaveText(new RegExp(`Roaming in Seoul ${stamp}|首尔漫游`));
    await shop.close();

    // Withdrawn, so the shop's blog journeys keep seeing the three demo posts.
    const got = (await consoleApi(page, 'adminBlog', 'detail', { id })).data as { version: number };
    expect((await consoleApi(page, 'adminBlog', 'publish', { id, version: got.version, published: false })).code).toBe(0);
  });
}
