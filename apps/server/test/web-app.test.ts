import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { firstImageUrl, parseImageString, type FirstAnswers } from '@simshop/contract';
import { SHOP_PAGE_CACHE } from '../src/web/web-app.ts';
import { useTestApp } from './harness.ts';

// A stand-in build folder keeps this suite independent of `vite build`; the browser suite
// exercises the real build.
const dist = mkdtempSync(join(tmpdir(), 'simshop-dist-'));
mkdirSync(join(dist, 'assets'));
// The shop's page texts are one file per language, preloaded with `data-lang`; a landing page's
// own code is preloaded with `data-page` (tools/vite-preload-chunks.ts).
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><!--simshop-config--><link rel="modulepreload" crossorigin href="/uni/assets/page-texts-en-1.js" data-lang="en">\n<link rel="modulepreload" crossorigin href="/uni/assets/page-texts-zh-hans-2.js" data-lang="zh-Hans"><link rel="modulepreload" crossorigin href="/uni/assets/contract-texts-4.js"><link rel="modulepreload" crossorigin href="/uni/assets/home-3.js" data-page="home">\n<link rel="modulepreload" crossorigin href="/uni/assets/goods-page-5.js" data-page="goods"><link rel="preload" as="style" crossorigin href="/uni/assets/goods-page-6.css" data-page="goods"></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
// What the build writes (tools/vite-precompress.ts, tools/vite-shop-pwa.ts): compressed copies
// beside a text file, the service worker, the manifests.
const script = `export const text = ${JSON.stringify('a shop for SIM cards '.repeat(60))};`;
writeFileSync(join(dist, 'assets', 'page-5678.js'), script);
writeFileSync(join(dist, 'assets', 'page-5678.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets', 'page-5678.js.gz'), gzipSync(script));
writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'SimShop — SIM cards and eSIMs', lang: 'en' }));
writeFileSync(join(dist, 'manifest.zh-Hans.webmanifest'), JSON.stringify({ name: 'SimShop — 电话卡与 eSIM', lang: 'zh-Hans' }));
const consoleDist = mkdtempSync(join(tmpdir(), 'simshop-console-dist-'));
writeFileSync(join(consoleDist, 'index.html'), '<!doctype html><html><head><!--simshop-config--><title>console</title></head><body></body></html>');

const t = useTestApp({ WEB_DIST: dist, CONSOLE_DIST: consoleDist, SIGNING_SECRET: 'a-secret-with-</script>-inside' });

describe('serving the web app', () => {
  it('redirects / to /uni/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/uni/');
  });

  it('serves index.html with the client configuration for /uni/ and for any route below it', async () => {
    for (const url of ['/uni/', '/uni/pages/mine/index', '/uni/pages/goods/goods?id=3', '/uni/pages/does-not-exist']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('window.__SIMSHOP__={"certificate":"web"');
      // No card provider here, so no card fee to quote next to prices.
      expect(res.body).toContain('"cardPayments":""');
      // The secret is embedded in a script tag: nothing in it may close the tag.
      expect(res.body).not.toContain('</script>-inside');
    }
  });

  it("preloads the page texts of the reader's language only: the shop's cookie, else Accept-Language, else English", async () => {
    const cases = [
      { headers: {}, lang: 'en' },
      { headers: { 'accept-language': 'zh-CN,zh;q=0.9' }, lang: 'zh-Hans' },
      { headers: { 'accept-language': 'zh-CN', cookie: 'a=1; simshop_lang=en' }, lang: 'en' },
      { headers: { cookie: 'simshop_lang=zh-Hans' }, lang: 'zh-Hans' },
      // A cookie naming no language of ours is ignored.
      { headers: { cookie: 'simshop_lang=fr', 'accept-language': 'zh-TW' }, lang: 'zh-Hans' },
    ];
    for (const { headers, lang } of cases) {
      const res = await t.app.inject({ method: 'GET', url: '/uni/pages/goods/goods?id=3', headers });
      const label = JSON.stringify(headers);
      expect(res.body, label).toContain(`<html lang="${lang}"`);
      expect(res.body.match(/data-lang="([^"]+)"/g), label).toEqual([`data-lang="${lang}"`]);
      // The other preloads stay.
      expect(res.body, label).toContain('contract-texts-4.js');
      expect(res.headers.vary).toContain('cookie');
    }
  });

  it("preloads a landing page's own code on that page only, in every encoding", async () => {
    const cases = [
      { url: '/uni/', files: ['home-3.js'] },
      { url: '/uni/pages/index/index', files: ['home-3.js'] },
      { url: '/uni/pages/goods/goods?id=3', files: ['goods-page-5.js', 'goods-page-6.css'] },
      // A goods page whose product does not exist has no first answers, and still its code.
      { url: '/uni/pages/goods/goods?id=999999', files: ['goods-page-5.js', 'goods-page-6.css'] },
      { url: '/uni/pages/cart/cart', files: [] },
      { url: '/uni/pages/mine/index', files: [] },
    ];
    for (const { url, files } of cases) {
      for (const encoding of ['identity', 'gzip', 'br']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload).toString() : encoding === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
        const label = `${url} ${encoding}`;
        expect([...body.matchAll(/href="\/uni\/assets\/([^"]+)" data-page="[^"]+"/g)].map((m) => m[1]), label).toEqual(files);
        expect(body, label).toContain('contract-texts-4.js');
      }
    }
  });

  it('serves fingerprinted assets with a long cache lifetime, and 404 for a missing one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uni/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/uni/assets/missing.js' })).statusCode).toBe(404);
  });

  it('never serves index.html raw', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uni/index.html' });
    expect(res.body).not.toContain('<!--simshop-config-->');
  });

  it('serves demo images from the static host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/static/demo/sim-card.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fetch/docs' });
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/fetch/v3/main/mall/json-content.do?action=get_cache'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('name');
    expect(doc['x-error-catalogue'].signatureInvalid.i18n).toBe('res.signature.invalid');
  });

  it('serves the console under /console/ with its own history fallback and no provider secret', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/console' })).headers.location).toBe('/console/');
    for (const url of ['/console/', '/console/orders', '/console/orders/SO123?tab=audit']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>console</title>');
      expect(res.body).toContain('"shopBase":"/uni"');
      expect(res.body).not.toContain('wechatAppId');
    }
    expect((await t.app.inject({ method: 'GET', url: '/console/assets/missing.js' })).statusCode).toBe(404);
  });
});

describe('compression, caching and the installable app', () => {
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('sends a precompressed asset as brotli, gzip or as it is, by Accept-Encoding, and says it varies', async () => {
    const br = await get('/uni/assets/page-5678.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/uni/assets/page-5678.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/uni/assets/page-5678.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect((await get('/uni/assets/page-5678.js')).body).toBe(script);
    // A file the build did not compress (too small) goes as it is even to a brotli client.
    const small = await get('/uni/assets/app-1234.js', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('caches fingerprinted files for good, and revalidates the page, the worker and the manifest', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      expect((await get('/uni/assets/page-5678.js', { 'accept-encoding': encoding })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/uni/')).headers['cache-control']).toBe(SHOP_PAGE_CACHE);
    expect((await get('/uni/pages/mine/index')).headers['cache-control']).toBe(SHOP_PAGE_CACHE);
    expect((await get('/console/')).headers['cache-control']).toBe('no-cache');
    const worker = await get('/uni/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toContain('javascript');
    expect((await get('/uni/manifest.webmanifest')).headers['cache-control']).toBe('no-cache');
    // A file whose extension is longer than most (the service worker precaches it: one missing file fails its install).
    const zhManifest = await get('/uni/manifest.zh-Hans.webmanifest');
    expect(zhManifest.statusCode).toBe(200);
    expect(JSON.parse(zhManifest.body).lang).toBe('zh-Hans');
  });

  it('sends the page compressed too, with its configuration and its security headers', async () => {
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const res = await get('/uni/pages/goods/goods?id=3', { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(decode(res.rawPayload).toString()).toContain('window.__SIMSHOP__=');
    }
    const plain = await get('/uni/', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('window.__SIMSHOP__=');
  });

  it('never serves the page template through its compressed copies', async () => {
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync('<!--simshop-config-->'));
    const res = await get('/uni/index.html.br', { 'accept-encoding': 'br' });
    expect(res.rawPayload.toString()).not.toContain('simshop-config');
  });

  it('lets the shop register its service worker and manifest under its Content-Security-Policy', async () => {
    const policy = (await get('/uni/')).headers['content-security-policy'] as string;
    const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));
    // No worker-src or manifest-src: workers fall back to script-src, manifests to default-src.
    expect(directive('worker-src') ?? directive('script-src')).toContain("'self'");
    expect(directive('manifest-src') ?? directive('default-src')).toContain("'self'");
  });

  it('serves the manifest in the browser language', async () => {
    const en = await get('/uni/manifest.webmanifest', { 'accept-language': 'en-GB,en;q=0.9', 'accept-encoding': 'identity' });
    expect(en.headers['content-type']).toContain('application/manifest+json');
    expect(en.headers.vary).toContain('accept-language');
    expect(en.json().name).toBe('SimShop — SIM cards and eSIMs');
    const zh = await get('/uni/manifest.webmanifest', { 'accept-language': 'zh-CN,zh;q=0.9', 'accept-encoding': 'br' });
    expect(zh.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(zh.rawPayload).toString()).name).toBe('SimShop — 电话卡与 eSIM');
  });
});

describe('a shop page carries its first answers', () => {
  const answersIn = (html: string): FirstAnswers => JSON.parse(/<script type="application\/json" id="simshop-first-answers">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as FirstAnswers;
  const productId = async (key: string) => (await t.db.selectFrom('products').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

  it('home: its content block and the catalogue, exactly what the calls answer a signed-out reader, in their language, and preloads the first banner', async () => {
    for (const [lang, headers] of [['en', {}], ['zh-Hans', { 'accept-language': 'zh-CN' }]] as const) {
      for (const url of ['/uni/', '/uni/pages/index/index']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        const given = answersIn(res.body);
        expect(Math.abs(Date.now() - given.at), url).toBeLessThan(10_000);
        const content = given.answers.find((a) => a.endpoint === 'jsonContent');
        const list = given.answers.find((a) => a.endpoint === 'product');
        expect(content?.body).toEqual({ name: 'home', version: '1', i18n: lang });
        expect(content?.data).toEqual((await t.call('jsonContent', 'get_cache', { name: 'home', version: '1', i18n: lang })).body.data);
        expect(list).toMatchObject({ action: 'list', body: { page: 1, size: 50, i18n: lang } });
        expect(list?.data).toEqual((await t.call('product', 'list', { page: 1, size: 50, i18n: lang })).body.data);
        const banner = (content?.data as { content: { banners: Array<{ image: string }> } }).content.banners[0]!.image;
        expect(res.body).toContain(`<link rel="preload" as="image" href="${firstImageUrl(banner, t.config.staticHost)}">`);
      }
    }
  });

  it('a goods page: its product, its coupons and its first picture; nothing for a product that does not exist', async () => {
    const id = await productId('asia-esim');
    const res = await t.app.inject({ method: 'GET', url: `/uni/pages/goods/goods?id=${id}`, headers: { cookie: 'simshop_lang=zh-Hans' } });
    const given = answersIn(res.body);
    // Priced in the reader's default currency, named in the key as the shop's own request names it.
    const detail = (await t.call('product', 'detail', { id, i18n: 'zh-Hans', currency: 'CNY' })).body.data;
    expect(given.answers).toEqual([
      { endpoint: 'product', action: 'detail', body: { id, i18n: 'zh-Hans', currency: 'CNY' }, data: detail },
      { endpoint: 'coupon', action: 'claimable', body: { i18n: 'zh-Hans', productId: id }, data: (await t.call('coupon', 'claimable', { i18n: 'zh-Hans', productId: id })).body.data },
    ]);
    expect(res.body).toContain(`<link rel="preload" as="image" href="${parseImageString((detail as { images: string }).images, t.config.staticHost)[0]}">`);
    for (const url of ['/uni/pages/goods/goods?id=999999', '/uni/pages/goods/goods?id=abc', '/uni/pages/goods/goods']) {
      const none = await t.app.inject({ method: 'GET', url });
      expect(none.statusCode, url).toBe(200);
      expect(none.body, url).not.toContain('simshop-first-answers');
      expect(none.body, url).not.toContain('rel="preload" as="image"');
    }
  });

  it("nothing for other pages or the console's draft preview; the answers cannot close their element", async () => {
    for (const url of ['/uni/pages/mine/index', '/uni/pages/shop-cart', '/uni/?preview=token', '/console/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('simshop-first-answers');
    }
    const home = (await t.app.inject({ method: 'GET', url: '/uni/' })).body;
    const element = /<script type="application\/json" id="simshop-first-answers">(.*?)<\/script>/s.exec(home)![1]!;
    expect(element).not.toContain('<');
  });

  it('sends the page with its answers in the encoding the browser asks for', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/uni/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toContain('simshop-first-answers');
    const gzip = await t.app.inject({ method: 'GET', url: '/uni/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toContain('simshop-first-answers');
    const plain = await t.app.inject({ method: 'GET', url: '/uni/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('simshop-first-answers');
  });
});

describe('a page revalidates by its ETag, which moves with what the reader would see', () => {
  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });
  const productId = async (key: string) => (await t.db.selectFrom('products').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

  it('answers 304 without a body to the tag it gave, per language, page and catalogue', async () => {
    const first = await page('/uni/');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    expect((await page('/uni/')).headers.etag).toBe(tag);
    const again = await page('/uni/', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers).toMatchObject({ etag: tag, 'cache-control': SHOP_PAGE_CACHE, vary: 'accept-encoding, accept-language, cookie' });
    // A list of tags, one of them ours, or `*`; and a strong form of ours (weak comparison).
    expect((await page('/uni/', { 'if-none-match': `W/"other", ${tag}` })).statusCode).toBe(304);
    expect((await page('/uni/', { 'if-none-match': tag.slice(2) })).statusCode).toBe(304);
    expect((await page('/uni/', { 'if-none-match': '*' })).statusCode).toBe(304);
    // Another language, another page: another representation.
    const zh = await page('/uni/', { cookie: 'simshop_lang=zh-Hans', 'if-none-match': tag });
    expect(zh.statusCode).toBe(200);
    expect(zh.headers.etag).not.toBe(tag);
    const mine = await page('/uni/pages/mine/index');
    expect(mine.headers.etag).not.toBe(tag);
    expect((await page('/uni/pages/mine/index', { 'if-none-match': mine.headers.etag as string })).statusCode).toBe(304);
  });

  it("a goods page's tag changes with its price (written by any process) and its stock running out, and only then", async () => {
    const id = await productId('asia-esim');
    const url = `/uni/pages/goods/goods?id=${id}`;
    const before = (await page(url)).headers.etag as string;
    expect((await page(url, { 'if-none-match': before })).statusCode).toBe(304);
    const sku = await t.db.selectFrom('product_skus').select(['id', 'price', 'stock']).where('product_id', '=', id).orderBy('sort').executeTakeFirstOrThrow();
    // Straight to the database, as another server process or the command line would write it.
    await t.db.updateTable('product_skus').set({ price: sku.price + 100 }).where('id', '=', sku.id).execute();
    const repriced = await page(url, { 'if-none-match': before });
    expect(repriced.statusCode).toBe(200);
    expect(repriced.body).toContain(String(sku.price + 100));
    const priced = repriced.headers.etag as string;
    expect(priced).not.toBe(before);
    await t.db.updateTable('product_skus').set({ stock: 0 }).where('id', '=', sku.id).execute();
    const soldOut = await page(url, { 'if-none-match': priced });
    expect(soldOut.statusCode).toBe(200);
    await t.db.updateTable('product_skus').set({ price: sku.price, stock: sku.stock }).where('id', '=', sku.id).execute();
    expect((await page(url, { 'if-none-match': before })).statusCode).toBe(304);
  });
});
