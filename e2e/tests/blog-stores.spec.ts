import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { consoleSignIn, consoleUrl } from './support/console';
import { signInAs } from './support/accounts';
import { navTitle, payInSandbox, productId, showWholeHome } from './support/shop';

/** The texts these journeys assert, written out so a wrong translation fails them. */
const TEXT = {
  en: {
    locale: 'en-US',
    latest: 'Latest posts',
    post: 'eSIM or SIM card: which one suits your trip?',
    heading: 'Choose an eSIM when',
    products: 'Mentioned in this post',
    product: 'China Unicom prepaid SIM',
    blog: 'Blog',
    travel: 'Travel',
    tokyo: 'Online from the moment you land in Tokyo',
    stores: 'Stores',
    nearMe: 'Nearest to me',
    nearest: 'Nearest first',
    airport: 'SimShop Pudong Airport T2',
    open24: 'Open 24 hours',
    openOnly: 'Open now only',
    beijing: 'Beijing',
    sanlitun: 'SimShop Sanlitun',
    hours: 'Opening hours',
    map: 'Open in maps',
  },
  'zh-Hans': {
    locale: 'zh-CN',
    latest: '最新文章',
    post: 'eSIM 还是实体卡：哪种更适合您的旅行？',
    heading: '选择 eSIM，如果',
    products: '文中提到的商品',
    product: '中国联通预付费电话卡',
    blog: '博客',
    travel: '旅行',
    tokyo: '落地东京，即刻上网',
    stores: '门店',
    nearMe: '离我最近',
    nearest: '按距离排序',
    airport: 'SimShop 浦东机场 T2 店',
    open24: '24 小时营业',
    openOnly: '只看营业中',
    beijing: '北京',
    sanlitun: 'SimShop 三里屯店',
    hours: '营业时间',
    map: '在地图中打开',
  },
} as const;

// Near Pudong airport: the airport desk (open around the clock) is the nearest store.
const NEAR_PUDONG = { latitude: 31.16, longitude: 121.79 };

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = TEXT[lang];
  test.describe(`blog and stores (${lang})`, () => {
    test.use({ locale: text.locale, extraHTTPHeaders: { 'accept-language': text.locale } });

    test('read a blog post from home and open its related product', async ({ page }) => {
      await page.goto('pages/index/index');
      await showWholeHome(page);
      const latest = page.locator('.blog-latest');
      await expect(latest.getByRole('heading', { name: text.latest })).toBeVisible();
      // By key rather than a tap: the blocks above (coupons, label chips) may arrive between the
      // pointer's press and release and move the link, and a tap then lands on nothing.
      await latest.getByRole('link', { name: text.post }).press('Enter');
      await expect(page).toHaveURL(/\/pages\/blog\/detail\?id=\d+/);
      await expect(navTitle(page)).toHaveText(text.post);
      await expect(page.locator('.article-content h2').first()).toHaveText(text.heading);
      const related = page.locator('.blog-products');
      await expect(related.getByRole('heading', { name: text.products })).toBeVisible();
      await expectAccessible(page);
      await related.getByRole('button', { name: new RegExp(text.product) }).click();
      await expect(page).toHaveURL(/\/pages\/goods\/goods\?id=\d+/);
      await expect(page.getByText(text.product).first()).toBeVisible();
    });

    test('the blog lists posts by category', async ({ page }) => {
      await page.goto('pages/blog/index');
      await expect(navTitle(page)).toHaveText(text.blog);
      await expect(page.locator('.blog-card')).toHaveCount(3);
      await page.getByRole('tab', { name: text.travel }).click();
      await expect(page).toHaveURL(/category=travel/);
      await expect(page.locator('.blog-card')).toHaveCount(1);
      await expect(page.locator('.blog-card')).toContainText(text.tokyo);
      await expectAccessible(page);
    });

    test.describe('with the location shared', () => {
      test.use({ geolocation: NEAR_PUDONG, permissions: ['geolocation'] });

      test('finds the nearest open store and its hours', async ({ page }) => {
        await page.goto('pages/store/index');
        await expect(navTitle(page)).toHaveText(text.stores);
        // Already allowed: the list sorts itself by distance.
        await expect(page.getByText(text.nearest)).toBeVisible();
        await page.getByText(text.openOnly).click();
        const first = page.locator('.store-card').first();
        await expect(first.getByRole('heading')).toHaveText(text.airport);
        await expect(first).toContainText(text.open24);
        await expect(first).toContainText(/km|公里/);
        await expect(first.getByRole('link', { name: text.map })).toHaveAttribute('href', /^geo:31\.1512,121\.8053/);
        await expectAccessible(page);
        await first.getByRole('link', { name: text.airport }).click();
        await expect(page).toHaveURL(/\/pages\/store\/detail\?id=\d+/);
        await expect(page.getByRole('heading', { name: text.hours })).toBeVisible();
        await expect(page.locator('.store-hours tr')).toHaveCount(7);
        await expectAccessible(page);
      });
    });

    test('without a location, filters by city', async ({ page }) => {
      await page.goto('pages/store/index');
      await expect(page.getByRole('button', { name: text.nearMe })).toBeVisible();
      await page.locator('.store-filters').getByText(text.beijing, { exact: true }).click();
      await expect(page.locator('.store-card')).toHaveCount(1);
      await expect(page.locator('.store-card').getByRole('heading')).toHaveText(text.sanlitun);
    });
  });
}

const CONSOLE = {
  en: { menu: 'Blog', write: 'Write a post', slug: 'Slug', title: 'Title', summary: 'Summary', body: 'Text', chinese: 'Chinese (简体中文)', create: 'Save draft', created: 'Post saved as a draft', publish: 'Publish', published: 'Published: customers see it now', withdraw: 'Withdraw to draft', draft: 'Withdrawn: it is a draft again', preview: 'Preview (phone width)', draftTag: 'Draft' },
  'zh-Hans': { menu: '博客', write: '写文章', slug: '标识', title: '标题', summary: '摘要', body: '正文', chinese: '中文（简体）', create: '存为草稿', created: '文章已保存为草稿', publish: /发\s*布/, published: '已发布：顾客现在可以看到', withdraw: '撤回为草稿', draft: '已撤回：重新成为草稿', preview: '预览（手机宽度）', draftTag: '草稿' },
} as const;

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = CONSOLE[lang];
  test(`the owner writes, previews, publishes and withdraws a blog post in the console (${lang})`, async ({ page }) => {
    await consoleSignIn(page, 'operator', lang, 'blog');
    await expect(page.getByRole('heading', { name: text.menu, level: 1 }).or(page.getByText(text.menu).first())).toBeVisible();
    await page.getByRole('button', { name: text.write }).click();
    await expect(page).toHaveURL(/\/console\/blog\/new$/);
    const slug = `console-post-${lang === 'en' ? 'en' : 'zh'}-${Date.now()}`;
    await page.getByLabel(text.slug, { exact: true }).fill(slug);
    await page.getByLabel(text.title, { exact: true }).first().fill('Roaming in Seoul');
    await page.getByLabel(text.summary, { exact: true }).first().fill('Subway maps and taxis on an Asia eSIM.');
    await page.getByLabel(text.body, { exact: true }).first().fill('## On arrival\n1. Switch on the eSIM line.\n2. Turn on data roaming for it.');
    const preview = page.locator('.ant-card', { hasText: text.preview });
    await expect(preview.getByRole('heading', { name: 'On arrival' })).toBeVisible();
    await expect(preview.locator('ol li')).toHaveCount(2);
    await page.locator('.ant-segmented-item', { hasText: text.chinese }).click();
    await page.getByLabel(text.title, { exact: true }).nth(1).fill('首尔漫游');
    await page.getByLabel(text.summary, { exact: true }).nth(1).fill('用亚洲 eSIM 看地铁图、打车。');
    await page.getByLabel(text.body, { exact: true }).nth(1).fill('## 落地后\n打开 eSIM 线路。');
    await page.getByRole('button', { name: text.create }).click();
    await expect(page.getByText(text.created)).toBeVisible();
    await expect(page).toHaveURL(/\/console\/blog\/\d+$/);
    const id = Number(/\/blog\/(\d+)$/.exec(page.url())![1]);
    await expectAccessible(page);

    await page.getByRole('button', { name: text.publish }).click();
    await expect(page.getByText(text.published)).toBeVisible();
    const shop = await page.context().newPage();
    await shop.goto(`/uni/pages/blog/detail?id=${id}`);
    await expect(shop.locator('.blog-post-title')).toHaveText(lang === 'en' ? 'Roaming in Seoul' : /Roaming in Seoul|首尔漫游/);
    await shop.close();

    // Withdrawn again, so the shop's blog journeys keep seeing the three demo posts.
    await page.getByRole('button', { name: text.withdraw }).click();
    await expect(page.getByText(text.draft)).toBeVisible();
    await page.goto(consoleUrl(`blog?q=${slug}`));
    await expect(page.locator('.ant-table-row')).toHaveCount(1);
    await expect(page.locator('.ant-table-row')).toContainText(text.draftTag);
  });
}

const PICKUP = {
  en: { locale: 'en-US', buyNow: 'Buy now', atStore: 'Pick up at a store', airport: 'SimShop Pudong Airport T2', blocked: 'Choose the store to collect it at.', submit: 'Place order', pay: 'Pay', paid: 'Payment received', view: 'View order', pickupStore: 'Pickup store', waiting: 'We will tell you when it is ready to collect.', ready: 'Ready to collect: bring your order number.', readyStatus: 'Ready to collect', pickups: 'Store pickups', consolePaid: 'Paid (being prepared for pickup)', consoleReady: 'Ready for pickup', consoleDone: 'Ready for pickup: the customer was told', ok: 'Confirm' },
  'zh-Hans': { locale: 'zh-CN', buyNow: '立即购买', atStore: '到店自提', airport: 'SimShop 浦东机场 T2 店', blocked: '请选择自提门店。', submit: '提交订单', pay: '支付', paid: '支付成功', view: '查看订单', pickupStore: '自提门店', waiting: '备好后我们会通知您到店领取。', ready: '已可领取：请出示订单号。', readyStatus: '待到店领取', pickups: '门店自提', consolePaid: '已付款（备货中，待自提）', consoleReady: '已备好待取', consoleDone: '已备好待取：已通知顾客', ok: /确\s*定/ },
} as const;

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = PICKUP[lang];
  test.describe(`store pickup (${lang})`, () => {
    test.use({ locale: text.locale, extraHTTPHeaders: { 'accept-language': text.locale }, geolocation: NEAR_PUDONG, permissions: ['geolocation'] });

    test('choose pickup at the nearest store at checkout, see the store on the order, and the owner marks it ready', async ({ page }) => {
      await signInAs(page, 'demo@simshop.local');
      await page.goto(`pages/goods/goods?id=${await productId(page, 'China Unicom prepaid SIM')}`);
      await page.locator('.action-bar button').filter({ hasText: text.buyNow }).click();
      await expect(page).toHaveURL(/\/pages\/order\/order-create/);
      const choice = page.locator('.pickup-choice');
      await choice.getByRole('button', { name: new RegExp(text.atStore) }).click();
      await expect(page.locator('#order-blocked')).toContainText(text.blocked);
      // The location is shared: the nearest store that hands out orders comes first.
      const nearest = choice.locator('.pickup-store').first();
      await expect(nearest).toContainText(text.airport);
      await nearest.click();
      await expect(nearest).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('.address-card')).toHaveCount(0);
      await expectAccessible(page);
      await page.getByRole('radio').first().click();
      await page.locator('.action-bar button').filter({ hasText: text.submit }).click();
      await payInSandbox(page, text);
      await page.locator('.action-bar button').filter({ hasText: text.view }).click();
      await expect(page).toHaveURL(/\/pages\/order\/order-detail\?orderNo=/);
      const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
      const card = page.locator('.pickup-store-card');
      await expect(card.getByRole('heading', { name: text.pickupStore })).toBeVisible();
      await expect(card).toContainText(text.airport);
      await expect(card).toContainText(text.waiting);
      await expectAccessible(page);

      // The owner's side: the order waits in the store pickups (not in the parcels to ship), and is marked ready at the store.
      const staff = await page.context().newPage();
      await consoleSignIn(staff, 'operator', lang, 'orders');
      await staff.locator('.ant-segmented-item').filter({ hasText: text.pickups }).click();
      await expect(staff).toHaveURL(/delivery=pickup/);
      await expect(staff.getByRole('row').filter({ hasText: orderNo })).toContainText(text.consolePaid);
      await staff.getByRole('link', { name: orderNo }).click();
      await staff.getByRole('button', { name: text.consoleReady }).click();
      await staff.locator('.ant-modal-confirm').getByRole('button', { name: text.ok }).click();
      await expect(staff.getByText(text.consoleDone)).toBeVisible();
      await staff.close();

      await page.reload();
      await expect(page.locator('.pickup-store-card')).toContainText(text.ready);
      await expect(page.locator('.order-status-card')).toContainText(text.readyStatus);
    });
  });
}
