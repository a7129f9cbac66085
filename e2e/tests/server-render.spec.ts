import { expect, test } from '@playwright/test';
import { SERVER_RENDER_ATTRIBUTES } from '@simshop/contract';
import { EN, ZH, productId } from './support/shop';

/**
 * The public pages drawn on the server: their content is in the HTML a search engine or a link
 * preview reads (no script run), in the reader's language; the browser then takes that HTML over
 * (hydrates) without drawing it again and without a warning or error. Texts written out, so a
 * page drawn empty, in the other language or without its data fails.
 */
const PAGES: ReadonlyArray<{ name: string; path: (ids: { asia: number }) => string; en: string[]; zh: string[] }> = [
  { name: 'home', path: () => '', en: ['Where are you going?', 'Travel eSIM', 'Asia eSIM'], zh: ['您要去哪里？', '旅行eSIM', '亚洲eSIM'] },
  { name: 'goods', path: ({ asia }) => `pages/goods/goods?id=${asia}`, en: ['Asia eSIM', '$9.90', 'High-speed data in 5 destinations'], zh: ['亚洲eSIM', '$9.90', '香港、日本、韩国、新加坡、泰国'] },
  { name: 'goods notes', path: ({ asia }) => `pages/goods/goods-notes?id=${asia}`, en: ['An installed eSIM cannot be refunded'], zh: ['已安装的eSIM不支持退款'] },
  { name: 'destination', path: () => 'esim/japan', en: ['Plans for Japan', 'Asia eSIM', 'Networks: SoftBank, KDDI', 'Will it work on my phone?'], zh: ['日本套餐', '亚洲eSIM', '网络：SoftBank, KDDI', '我的手机能用吗？'] },
  { name: 'region', path: () => 'esim/europe', en: ['Plans for Europe', 'Global eSIM'], zh: ['欧洲套餐', '全球eSIM'] },
  { name: 'destination (SPEC address)', path: () => 'pages/goods/destination?country=JP', en: ['Plans for Japan', 'Asia eSIM'], zh: ['日本套餐', '亚洲eSIM'] },
  { name: 'label', path: () => 'pages/label/index?id=1', en: ['Instant delivery', 'Nomad Japan eSIM'], zh: ['即时发货', '游牧日本 eSIM'] },
  { name: 'blog', path: () => 'pages/blog/index', en: ['Online from the moment you land in Tokyo'], zh: ['落地东京，即刻上网'] },
  { name: 'blog post', path: () => 'pages/blog/detail?id=1', en: ['Online from the moment you land in Tokyo', 'Install an Asia eSIM before you fly'], zh: ['落地东京，即刻上网', '出发前安装亚洲 eSIM'] },
  { name: 'stores', path: () => 'pages/store/index', en: ['SimShop Pudong Airport T2'], zh: ['SimShop 浦东机场 T2 店'] },
  { name: 'store', path: () => 'pages/store/detail?id=1', en: ['SimShop Pudong Airport T2', 'Arrivals hall, Terminal 2'], zh: ['SimShop 浦东机场 T2 店', '浦东国际机场 2 号航站楼到达大厅'] },
  { name: 'merchant', path: () => 'pages/shop/index?id=1', en: ['Sold and shipped by SimShop.', 'Asia eSIM'], zh: ['SimShop 自营，官方发货。', '亚洲eSIM'] },
  { name: 'tutorials', path: () => 'pages/mine/tutorial/tutorial', en: ['Install an eSIM on iPhone'], zh: ['在iPhone上安装eSIM'] },
  { name: 'tutorial', path: () => 'pages/mine/tutorial/tutorial-detail?id=1', en: ['Install an eSIM on iPhone', 'Your eSIM arrives in'], zh: ['在iPhone上安装eSIM', '订单支付成功后'] },
  { name: 'contact', path: () => 'pages/mine/contact/contact', en: ['Contact us', '+86 21 6288 1234'], zh: ['联系我们', '+86 21 6288 1234'] },
  { name: 'tools', path: () => 'pages/tools/index', en: ['eSIM compatibility'], zh: ['eSIM 兼容性查询'] },
];

/** The text of the page's `#root` as the server sent it, tags removed. */
function rootText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root"'));
  return root.replace(/<[^>]*>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}

for (const l of [EN, ZH]) {
  test.describe(`pages drawn on the server (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test('every public page carries its content in its HTML, in the reader language; an unknown address is a 404 that says so', async ({ page, request }) => {
      const ids = { asia: await productId(page, 'Asia eSIM') };
      for (const p of PAGES) {
        const res = await request.get(p.path(ids));
        expect(res.status(), p.name).toBe(200);
        const html = await res.text();
        expect(html, p.name).toContain(`${SERVER_RENDER_ATTRIBUTES.language}="${l.lang}"`);
        const text = rootText(html);
        for (const words of l.lang === 'en' ? p.en : p.zh) expect(text, `${p.name}: ${words}`).toContain(words);
      }
      const missing = await request.get('pages/no-such-page');
      expect(missing.status()).toBe(404);
      expect(rootText(await missing.text())).toContain(l.text.notFound);
      const nowhere = await request.get('esim/atlantis');
      expect(nowhere.status()).toBe(404);
      expect(rootText(await nowhere.text())).toContain(l.lang === 'en' ? 'This destination is not one we know' : '未知的目的地');
    });

    test('the browser takes each drawn page over as it is: the same elements, no hydration warning, no error', async ({ browser, baseURL }) => {
      // A reader far from the server's zone, 14 hours ahead of UTC or 11 behind: whatever the hour,
      // one of the two languages' readers has another day than UTC's on the pages that show dates.
      const context = await browser.newContext({ baseURL, locale: l.locale, timezoneId: l.lang === 'en' ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago', extraHTTPHeaders: { 'accept-language': l.locale }, serviceWorkers: 'block' });
      const page = await context.newPage();
      const ids = { asia: await productId(page, 'Asia eSIM') };
      const problems: string[] = [];
      page.on('console', (m) => {
        // The one warning the test's own browser adds (the suite blocks service workers).
        if (m.text().includes('registration blocked by Playwright')) return;
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      // The first element the server drew, kept before any script runs: drawn again, it would be another.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as { drawnByServer?: Element | null }).drawnByServer = document.getElementById('root')?.firstElementChild;
        });
      });
      for (const p of PAGES) {
        problems.length = 0;
        await page.goto(p.path(ids));
        // React marks the container it has taken over.
        await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer'))), p.name).toBe(true);
        await expect(page.getByText((l.lang === 'en' ? p.en : p.zh)[0]!).first(), p.name).toBeVisible();
        expect(await page.evaluate(() => (window as { drawnByServer?: Element | null }).drawnByServer === document.getElementById('root')?.firstElementChild), p.name).toBe(true);
        expect(problems, p.name).toEqual([]);
      }
      await context.close();
    });

    test("a tap made before the app has taken the page over is not lost: it is made again once it has", async ({ page }) => {
      // The app's code is held back until the tap is made on the server's markup.
      let tapped!: () => void;
      const tap = new Promise<void>((resolve) => (tapped = resolve));
      await page.route('**/uni/assets/*.js', async (route) => {
        await tap;
        await route.continue();
      });
      await page.goto('pages/store/index', { waitUntil: 'commit' });
      const cards = page.locator('.store-card');
      await expect(cards).toHaveCount(3);
      await page.locator('.store-filters').getByText(l.lang === 'en' ? 'Beijing' : '北京', { exact: true }).click();
      tapped();
      await expect(cards).toHaveCount(1);
      await expect(cards.getByRole('heading')).toHaveText(l.lang === 'en' ? 'SimShop Sanlitun' : 'SimShop 三里屯店');
    });

    test("an early tap on a form's button is made again in the app, not sent the browser's way off the page", async ({ page }) => {
      await page.goto('pages/index/index');
      const europe = await productId(page, 'Europe eSIM');
      let tapped!: () => void;
      const tap = new Promise<void>((resolve) => (tapped = resolve));
      await page.route('**/uni/assets/*.js', async (route) => {
        await tap;
        await route.continue();
      });
      await page.goto(`pages/goods/goods?id=${europe}`, { waitUntil: 'commit' });
      // The sold-out product's "notify me" form, as the server drew it: sent empty, it is refused.
      const notify = page.locator('.sold-out-notify');
      await notify.getByRole('button', { name: l.lang === 'en' ? 'Notify me when it is back' : '到货通知我' }).click();
      tapped();
      await expect(notify.getByRole('alert')).toHaveText(l.lang === 'en' ? 'This field is required' : '此项为必填项');
      await expect(page).toHaveURL(new RegExp(`goods\\?id=${europe}$`));
    });

    test('a page opened without JavaScript shows its content', async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale: l.locale, baseURL });
      const page = await context.newPage();
      await page.goto('esim/japan');
      await expect(page.getByText(l.lang === 'en' ? 'Plans for Japan' : '日本套餐').first()).toBeVisible();
      await expect(page.getByText(l.lang === 'en' ? 'Asia eSIM' : '亚洲eSIM').first()).toBeVisible();
      await context.close();
    });
  });
}
