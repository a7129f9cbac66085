import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { parseImageString } from '@simshop/contract';
import { useTestApp } from './harness.ts';

// A stand-in build with the real template's generic title and description (apps/web/index.html).
const dist = mkdtempSync(join(tmpdir(), 'simshop-seo-dist-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="SIM cards, eSIMs and related services" /><title>SimShop</title><!--simshop-config--><link rel="modulepreload" crossorigin href="/uni/assets/goods-page-5.js" data-page="goods"></head><body><div id="root"></div></body></html>',
);
const ORIGIN = 'https://shop.example';
const t = useTestApp({ WEB_DIST: dist, PUBLIC_URL: ORIGIN });

/** What a crawler reads of a page: its head's tags and its schema.org blocks, as curl gets them. */
async function crawl(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });
  expect(res.statusCode, url).toBe(200);
  const html = res.body;
  const head = /<head>(.*)<\/head>/s.exec(html)![1]!;
  const unescape = (v: string) => v.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const attr = (tag: string, name: string) => {
    const m = new RegExp(`\\b${name}="([^"]*)"`).exec(tag);
    return m ? unescape(m[1]!) : undefined;
  };
  const tags = [...head.matchAll(/<(meta|link)\b[^>]*>/g)].map((m) => m[0]);
  const meta = (key: string) => tags.filter((tag) => tag.startsWith('<meta') && (attr(tag, 'property') === key || attr(tag, 'name') === key)).map((tag) => attr(tag, 'content'));
  const links = (rel: string) => tags.filter((tag) => tag.startsWith('<link') && attr(tag, 'rel') === rel).map((tag) => ({ href: attr(tag, 'href'), hreflang: attr(tag, 'hreflang') }));
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]!);
  return {
    res,
    html,
    title: unescape(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    titles: head.match(/<title>/g)?.length ?? 0,
    meta,
    links,
    blocks,
    data: blocks.map((block) => JSON.parse(block) as Record<string, unknown> & { '@type': string }),
  };
}
type Crawled = Awaited<ReturnType<typeof crawl>>;
/** The parts of a schema.org block these tests read (absent ones fail the expectation that reads them). */
type LdNode = Record<string, unknown> & { name: string; offers: Array<Record<string, unknown>>; itemListElement: Array<{ position: number; name: string; item: string }>; openingHoursSpecification: unknown[]; aggregateRating?: unknown };
const ofType = (page: Crawled, type: string) => page.data.find((d) => d['@type'] === type) as LdNode | undefined;
const productId = async (key: string) => (await t.db.selectFrom('products').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

const LANGS = [
  { lang: 'en', headers: {}, currency: 'USD', locale: 'en_US' },
  { lang: 'zh-Hans', headers: { 'accept-language': 'zh-CN,zh;q=0.9' }, currency: 'CNY', locale: 'zh_CN' },
] as const;

function expectAlternates(page: Crawled, path: string) {
  expect(page.links('canonical')).toHaveLength(1);
  const alternates = page.links('alternate');
  expect(alternates.map((a) => a.hreflang).sort()).toEqual(['en', 'x-default', 'zh-Hans']);
  expect(alternates.find((a) => a.hreflang === 'x-default')!.href).toBe(`${ORIGIN}${path}`);
  for (const lang of ['en', 'zh-Hans']) expect(alternates.find((a) => a.hreflang === lang)!.href).toBe(`${ORIGIN}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
}

describe('what a crawler reads of a goods page', () => {
  it('its name, price, picture and offers in the reader\'s language, one title, Open Graph and Twitter tags, Product and BreadcrumbList', async () => {
    const id = await productId('asia-esim');
    for (const { lang, headers, currency, locale } of LANGS) {
      const detail = (await t.call('product', 'detail', { id, i18n: lang, currency })).body.data!;
      const page = await crawl(`/uni/pages/goods/goods?id=${id}`, headers);
      expect(page.titles, lang).toBe(1);
      expect(page.title).toBe(`${detail.name} · SimShop`);
      expect(page.html).not.toContain('SIM cards, eSIMs and related services');
      const canonical = `${ORIGIN}/uni/pages/goods/goods?id=${id}&lang=${lang}`;
      expect(page.links('canonical')[0]!.href).toBe(canonical);
      expectAlternates(page, `/uni/pages/goods/goods?id=${id}`);
      expect(page.meta('og:type')).toEqual(['product']);
      expect(page.meta('og:title')).toEqual([detail.name]);
      expect(page.meta('og:url')).toEqual([canonical]);
      expect(page.meta('og:locale')).toEqual([locale]);
      const pictures = parseImageString(detail.images, t.config.staticHost).map((image) => new URL(image, ORIGIN).href);
      const picture = pictures[0]!;
      expect(page.meta('og:image')).toEqual([picture]);
      expect(page.meta('twitter:card')).toEqual(['summary_large_image']);
      expect(page.meta('twitter:image')).toEqual([picture]);
      expect(page.meta('product:price:amount')).toEqual([(detail.price / 100).toFixed(2)]);
      // In the language's currency where the product has a price in it, else its own (as the shop shows it).
      expect(page.meta('product:price:currency')).toEqual([detail.currency]);
      // The price is in the description a link preview shows.
      expect(page.meta('og:description')[0]).toContain((detail.price / 100).toFixed(2));
      expect(page.meta('description')).toEqual(page.meta('og:description'));

      const product = ofType(page, 'Product')!;
      expect(product).toMatchObject({ '@context': 'https://schema.org', name: detail.name, url: canonical, image: pictures });
      expect(product.offers).toHaveLength(detail.skus.length);
      for (const [i, sku] of detail.skus.entries()) {
        expect(product.offers[i]).toMatchObject({ '@type': 'Offer', price: (sku.price / 100).toFixed(2), priceCurrency: detail.currency, availability: sku.soldOut ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock' });
      }
      const crumbs = ofType(page, 'BreadcrumbList')!.itemListElement;
      expect(crumbs[0]).toMatchObject({ position: 1, item: `${ORIGIN}/uni/?lang=${lang}` });
      expect(crumbs.at(-1)).toMatchObject({ position: crumbs.length, name: detail.name, item: canonical });
      // Its first answers are still there beside it.
      expect(page.html).toContain('id="simshop-first-answers"');
    }
  });

  it('offers in stock or sold out as the stock says, and a rating only once the product has reviews', async () => {
    const id = await productId('china-unicom-sim');
    const url = `/uni/pages/goods/goods?id=${id}&lang=en`;
    const sku = await t.db.selectFrom('product_skus').select(['id', 'stock']).where('product_id', '=', id).orderBy('sort').executeTakeFirstOrThrow();
    const rated = (await t.call('product', 'detail', { id, i18n: 'en', currency: 'USD' })).body.data!;
    const before = await crawl(url);
    expect(ofType(before, 'Product')!.aggregateRating === undefined).toBe(rated.ratingCount === 0);
    const comment = await t.db.insertInto('product_comments').values({ product_id: id, user_id: null, nickname: 'x', avatar: null, content: 'Great', images: '', reply: null, created_at: Date.now(), rating: 4 }).returning('id').executeTakeFirstOrThrow();
    await t.db.updateTable('product_skus').set({ stock: 0 }).where('id', '=', sku.id).execute();
    try {
      const after = await crawl(url, { 'if-none-match': before.res.headers.etag as string });
      const product = ofType(after, 'Product')!;
      expect(product.offers[0]!.availability).toBe('https://schema.org/OutOfStock');
      const detail = (await t.call('product', 'detail', { id, i18n: 'en', currency: 'USD' })).body.data!;
      expect(product.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: detail.ratingAverage, ratingCount: detail.ratingCount, bestRating: 5, worstRating: 1 });
      expect(detail.ratingCount).toBeGreaterThan(0);
      // The head changed, so did the tag.
      expect(after.res.headers.etag).not.toBe(before.res.headers.etag);
      expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': after.res.headers.etag as string } })).statusCode).toBe(304);
    } finally {
      await t.db.updateTable('product_skus').set({ stock: sku.stock }).where('id', '=', sku.id).execute();
      await t.db.deleteFrom('product_comments').where('id', '=', comment.id).execute();
    }
  });

  it('`?lang=` shows the page in that language whatever the reader\'s own, and a missing product is kept out of search', async () => {
    const id = await productId('asia-esim');
    const zh = await crawl(`/uni/pages/goods/goods?id=${id}&lang=zh-Hans&utm_source=x`, { 'accept-language': 'en', cookie: 'simshop_lang=en' });
    expect(zh.html).toContain('<html lang="zh-Hans"');
    expect(zh.meta('og:locale')).toEqual(['zh_CN']);
    const zhDetail = (await t.call('product', 'detail', { id, i18n: 'zh-Hans', currency: 'CNY' })).body.data!;
    expect(ofType(zh, 'Product')!.name).toBe(zhDetail.name);
    expect(ofType(zh, 'Product')!.offers[0]!.priceCurrency).toBe(zhDetail.currency);
    // Parameters that do not name the product are not part of its address.
    expect(zh.links('canonical')[0]!.href).toBe(`${ORIGIN}/uni/pages/goods/goods?id=${id}&lang=zh-Hans`);
    const missing = await crawl('/uni/pages/goods/goods?id=999999');
    expect(missing.meta('robots')).toEqual(['noindex']);
    expect(missing.links('alternate')).toEqual([]);
    expect(missing.data).toEqual([]);
  });

  it('escapes a name with markup and quotes everywhere it is written', async () => {
    const id = await productId('asia-esim');
    const evil = `Evil "quoted" </script><script>alert(1)</script> & <b>bold</b>`;
    const row = await t.db.selectFrom('products').select(['name_en']).where('id', '=', id).executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ name_en: evil }).where('id', '=', id).execute();
    try {
      const page = await crawl(`/uni/pages/goods/goods?id=${id}&lang=en`);
      expect(page.title).toBe(`${evil} · SimShop`);
      expect(page.meta('og:title')).toEqual([evil]);
      expect(page.meta('twitter:title')).toEqual([evil]);
      expect(ofType(page, 'Product')!.name).toBe(evil);
      expect(page.html).not.toContain('<script>alert(1)');
      expect(page.html).not.toContain('<b>bold');
      for (const block of page.blocks) expect(block).not.toContain('<');
    } finally {
      await t.db.updateTable('products').set({ name_en: row.name_en }).where('id', '=', id).execute();
    }
  });
});

describe('what a crawler reads of a blog post, a store and home', () => {
  it('a post: BlogPosting, article tags, its cover, in both languages', async () => {
    for (const { lang, headers, currency } of LANGS) {
      const post = (await t.call('blog', 'list', { page: 1, size: 1, i18n: lang })).body.data!.items[0]!;
      const detail = (await t.call('blog', 'detail', { id: post.id, i18n: lang, currency })).body.data!;
      const page = await crawl(`/uni/pages/blog/detail?id=${post.id}`, headers);
      expect(page.title).toBe(`${detail.title} · SimShop`);
      expect(page.meta('og:type')).toEqual(['article']);
      expect(page.meta('article:published_time')).toEqual([new Date(detail.publishedAt).toISOString()]);
      expect(page.meta('og:image')[0]).toMatch(/^https:\/\/shop\.example\//);
      expectAlternates(page, `/uni/pages/blog/detail?id=${post.id}`);
      expect(ofType(page, 'BlogPosting')).toMatchObject({ headline: detail.title, description: detail.summary, inLanguage: lang, datePublished: new Date(detail.publishedAt).toISOString() });
      expect(ofType(page, 'BreadcrumbList')!.itemListElement).toHaveLength(3);
    }
  });

  it('a store: Store with its address, telephone and opening hours per day', async () => {
    for (const { lang, headers } of LANGS) {
      const store = (await t.call('store', 'list', { i18n: lang })).body.data!.items[1]!;
      const page = await crawl(`/uni/pages/store/detail?id=${store.id}`, headers);
      expect(page.title).toBe(`${store.name} · SimShop`);
      expect(page.meta('og:type')).toEqual(['website']);
      expectAlternates(page, `/uni/pages/store/detail?id=${store.id}`);
      const data = ofType(page, 'Store')!;
      expect(data).toMatchObject({ name: store.name, telephone: store.phone, address: { '@type': 'PostalAddress', streetAddress: store.address, addressLocality: store.city }, geo: { latitude: store.lat, longitude: store.lng } });
      const openings = store.hours.flat().length;
      expect(data.openingHoursSpecification).toHaveLength(openings);
      expect(openings).toBeGreaterThan(0);
      const monday = store.hours[0]![0];
      if (monday) expect(data.openingHoursSpecification[0]).toEqual({ '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: monday.open, closes: monday.close === '24:00' ? '23:59' : monday.close });
    }
  });

  it('home: Organization and WebSite; a tutorial: TechArticle; a destination: its place; a private page: noindex and the generic words', async () => {
    const home = await crawl('/uni/');
    expect(home.data.map((d) => d['@type'])).toEqual(['Organization', 'WebSite']);
    expect(home.links('canonical')[0]!.href).toBe(`${ORIGIN}/uni/?lang=en`);
    expectAlternates(home, '/uni/');
    const cart = await crawl('/uni/pages/shop-cart');
    expect(cart.meta('robots')).toEqual(['noindex']);
    expect(cart.titles).toBe(1);
    expect(cart.data).toEqual([]);
    const tutorials = await crawl('/uni/pages/mine/tutorial/tutorial', { cookie: 'simshop_lang=zh-Hans' });
    expect(tutorials.meta('robots')).toEqual([]);
    expect(tutorials.title).toBe('使用教程 · SimShop');
    const article = (await t.call('article', 'list', { page: 1, size: 1, i18n: 'en' })).body.data!.items[0]!;
    const tutorial = await crawl(`/uni/pages/mine/tutorial/tutorial-detail?id=${article.id}`);
    expect(ofType(tutorial, 'TechArticle')).toMatchObject({ headline: article.title, dateModified: new Date(article.updatedAt).toISOString() });
    // A destination's page has one address however it is reached: its own, `/esim/japan`.
    for (const path of ['/uni/esim/japan?lang=zh-Hans', '/uni/pages/goods/destination?country=JP&lang=zh-Hans']) {
      const japan = await crawl(path);
      expect(japan.title, path).toBe('日本 eSIM 与电话卡套餐 · SimShop');
      expect(japan.links('canonical')[0]!.href, path).toBe(`${ORIGIN}/uni/esim/japan?lang=zh-Hans`);
      expect(japan.meta('robots'), path).toEqual([]);
    }
    const asia = await crawl('/uni/esim/asia', { 'accept-language': 'en' });
    expect(asia.title).toBe('eSIM and SIM plans for Asia · SimShop');
    expect(ofType(asia, 'BreadcrumbList')).toMatchObject({ itemListElement: [{ name: 'Home' }, { name: 'eSIM and SIM plans for Asia', item: `${ORIGIN}/uni/esim/asia?lang=en` }] });
    const nowhere = await crawl('/uni/esim/atlantis');
    expect(nowhere.meta('robots')).toEqual(['noindex']);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('the sitemap is XML listing home, products, destinations, posts, stores and tutorials in both languages with their alternates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uni/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'url' || name === 'xhtml:link' }).parse(res.body) as { urlset: { xmlns: string; url: Array<{ loc: string; lastmod?: string; 'xhtml:link': Array<{ hreflang: string; href: string }> }> } };
    expect(parsed.urlset.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = parsed.urlset.url.map((u) => u.loc);
    const id = await productId('asia-esim');
    const post = (await t.call('blog', 'list', { page: 1, size: 1, i18n: 'en' })).body.data!.items[0]!;
    const store = (await t.call('store', 'list', { i18n: 'en' })).body.data!.items[1]!;
    for (const lang of ['en', 'zh-Hans']) {
      for (const path of ['/uni/', `/uni/pages/goods/goods?id=${id}&`, `/uni/pages/blog/detail?id=${post.id}&`, `/uni/pages/store/detail?id=${store.id}&`, '/uni/pages/store/index', '/uni/pages/mine/tutorial/tutorial', '/uni/esim/japan', '/uni/esim/south-korea', '/uni/esim/asia']) {
        const loc = `${ORIGIN}${path.endsWith('&') ? path : `${path}?`}lang=${lang}`;
        expect(locs, loc).toContain(loc);
      }
    }
    // Every product a signed-out customer can buy, twice; nothing private.
    const onSale = (await t.call('product', 'list', { page: 1, size: 100, i18n: 'en' })).body.data!;
    expect(locs.filter((l) => l.includes('/pages/goods/goods?')).length).toBe(onSale.total * 2);
    expect(locs.some((l) => /shop-cart|pages\/order|pages\/mine\/(?!tutorial)/.test(l))).toBe(false);
    const entry = parsed.urlset.url.find((u) => u.loc === `${ORIGIN}/uni/pages/blog/detail?id=${post.id}&lang=zh-Hans`)!;
    expect(entry.lastmod).toBe(new Date(post.publishedAt).toISOString());
    expect(entry['xhtml:link'].map((l) => `${l.hreflang} ${l.href}`).sort()).toEqual([
      `en ${ORIGIN}/uni/pages/blog/detail?id=${post.id}&lang=en`,
      `x-default ${ORIGIN}/uni/pages/blog/detail?id=${post.id}`,
      `zh-Hans ${ORIGIN}/uni/pages/blog/detail?id=${post.id}&lang=zh-Hans`,
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/uni/sitemap.xml', headers: { 'if-none-match': res.headers.etag as string } })).statusCode).toBe(304);
  });

  it('robots.txt names the sitemap and keeps private pages, the console and the API out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/uni/sitemap.xml`);
    for (const rule of ['Disallow: /uni/pages/shop-cart', 'Disallow: /uni/pages/order/', 'Disallow: /uni/pages/mine/', 'Disallow: /console/', 'Disallow: /fetch/', 'Allow: /uni/pages/mine/tutorial/', 'Allow: /uni/']) expect(lines).toContain(rule);
  });
});
