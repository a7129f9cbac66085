import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { pressInDialog } from './support/antd';
import { consoleSignIn, consoleUrl, expectAccessible } from './support/console';
import { productId } from './support/shop';

/** The media library: the owner replaces the home banner by uploading a picture in the picker, and the shop draws it. */
const T = {
  en: {
    locale: 'en-US',
    banner: 'Banner 1',
    change: 'Change picture: Image',
    dialog: 'Choose a picture',
    crop: 'Crop and upload',
    altEn: 'Alt text (English)',
    altZh: 'Alt text (Chinese)',
    use: 'Use this picture',
    choose: 'Choose a picture',
    publish: /^Publish$/,
    published: /Published as version \d+/,
    media: 'Media library',
    search: 'Search by file name or alt text',
    inUse: 'This picture is still used, replace it there first:',
    where: 'Home page (English), published',
  },
  'zh-Hans': {
    locale: 'zh-CN',
    banner: '横幅 1',
    change: '更换图片: 图片',
    dialog: '选择图片',
    crop: '裁剪并上传',
    altEn: '替代文字（英文）',
    altZh: '替代文字（中文）',
    use: '使用这张图片',
    choose: '选择图片',
    publish: /^发\s*布$/,
    published: /已发布为版本 \d+/,
    media: '媒体库',
    search: '按文件名或替代文字搜索',
    inUse: '这张图片仍在使用中，请先在以下位置替换：',
    where: '首页（中文），已发布',
  },
} as const;

/** A 1200 × 900 picture (4:3, so the 2:1 crop has something to cut), drawn in the test. */
const picture = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 20, g: 110, b: 190 } } })
    .composite([{ input: { create: { width: 600, height: 450, channels: 3, background: { r: 250, g: 190, b: 0 } } }, gravity: 'center' }])
    .png()
    .toBuffer();

async function shopPhone(browser: Browser, lang: 'en' | 'zh-Hans'): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: T[lang].locale, baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = T[lang];
  test(`the owner replaces the home banner by uploading a picture, cropped, with alt text; the shop draws it (${lang})`, async ({ page, browser }) => {
    const stamp = Date.now().toString(36);
    const fileName = `harbour-${lang}-${stamp}.png`;
    await consoleSignIn(page, 'owner', lang, `content/home?lang=${lang}`);
    const banner = page.locator('.ant-card-small').filter({ has: page.locator('.ant-card-head-title', { hasText: new RegExp(`^${text.banner}$`) }) });
    await expect(banner).toBeVisible();

    // The picker opens the library; the upload goes through the 2:1 crop first.
    await banner.getByRole('button', { name: text.change }).click();
    const dialog = page.getByRole('dialog', { name: text.dialog });
    await expect(dialog).toBeVisible();
    await dialog.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'image/png', buffer: await picture() });
    const crop = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: text.crop }) });
    await expect(crop.locator('img')).toBeVisible();
    await crop.getByRole('button', { name: text.crop }).click();

    // Uploaded and selected: its size is the crop's (2:1), and it takes its alt texts.
    await expect(dialog.getByText(fileName).last()).toBeVisible();
    await expect(dialog.getByRole('button', { pressed: true })).toContainText(fileName);
    const size = (await dialog.getByText(/ × /).first().textContent()) ?? '';
    const [w, h] = (/(\d+) × (\d+)/.exec(size) ?? []).slice(1).map(Number) as [number, number];
    expect(w / h).toBeCloseTo(2, 1);
    await dialog.getByLabel(text.altEn).fill(`The harbour ${stamp}`);
    await dialog.getByLabel(text.altZh).fill(`港口 ${stamp}`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: text.use }).click();
    await expect(dialog).toBeHidden();

    // The field now names the library picture; published, the shop's home shows it.
    await expect(banner.getByText(/^media:\d+-[0-9a-f]{12}$/)).toBeVisible();
    const image = (await banner.getByText(/^media:/).textContent())!;
    const key = image.slice('media:'.length);
    await expect(banner.locator(`img[src*="/media/${key}/"]`)).toBeVisible();
    await page.getByRole('button', { name: text.publish }).click();
    await pressInDialog(page, text.publish);
    await expect(page.getByText(text.published)).toBeVisible();

    const phone = await shopPhone(browser, lang);
    await phone.goto('pages/index/index');
    const shopImage = phone.locator('.banner-image').first();
    await expect(shopImage).toHaveAttribute('src', `/media/${key}/960.webp?ratio=2:1`);
    await expect(shopImage).toHaveAttribute('srcset', new RegExp(`/media/${key}/320\\.webp\\?ratio=2:1 320w`));
    await expect.poll(() => shopImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await shopImage.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`/media/${key}/\\d+\\.webp\\?ratio=2:1$`));
    await phone.context().close();

    // A product's images take it from the library too, beside the uploaded ones.
    await page.goto(consoleUrl(`products/${await productId(page, 'Data recharge')}`));
    const images = page.getByTestId('product-images').locator('img');
    await expect(images.first()).toBeVisible();
    const before = await images.count();
    await page.getByRole('button', { name: new RegExp(`${text.choose}$`) }).click();
    const library = page.getByRole('dialog', { name: text.dialog });
    await library.getByRole('button', { name: fileName }).click();
    await library.getByRole('button', { name: text.use }).click();
    await expect(images).toHaveCount(before + 1);
    await expect(images.last()).toHaveAttribute('src', `/media/${key}/960.webp`);

    // The library page lists it with its alt texts; deleting it is refused while the banner uses it, saying where.
    await page.goto(consoleUrl('content/media'));
    await expect(page.getByRole('heading', { name: text.media })).toBeVisible();
    const search = page.getByLabel(text.search);
    await search.fill(stamp);
    await search.press('Enter');
    const row = page.getByRole('row').filter({ hasText: fileName });
    await expect(row).toContainText(`The harbour ${stamp}`);
    await expect(row).toContainText(`港口 ${stamp}`);
    await expectAccessible(page);
    await row.getByRole('button', { name: new RegExp(`: ${fileName}$`) }).last().click();
    await page.locator('.ant-modal-confirm').getByRole('button').last().click();
    const warning = page.locator('.ant-modal-confirm').filter({ hasText: text.inUse });
    await expect(warning).toContainText(text.where);
  });
}
