import { ADMIN_PRODUCT_IMAGE_PATH, adminApi, API_BASE, serverErrors, signRequest } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { anAddress, aProduct, aSku } from './fixtures.ts';
import { createTestApp, useTestApp, type TestApp } from './harness.ts';
import { cloneSku } from './second-merchant.ts';

/**
 * What a browser or a spreadsheet does with what the server hands out: exported files that cannot
 * run formulas, URLs that cannot run scripts, and the admin half of the API reference for staff only.
 */
const t = useTestApp();
let owner: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
});

describe('the settlement export', () => {
  it("neutralises a formula in a merchant's name from its application", async () => {
    const from = Date.now() - 1;
    const applicant = await t.signIn();
    const application = { nameEn: ';=1+1', nameZh: '＝1+1', description: '', contactEmail: 'formula@example.com', contactPhone: '+852 2000 0000', returnAddress: '1 Pier Road, Hong Kong' };
    const applied = (await t.call('merchant', 'apply', application, { token: applicant.token })).body;
    expect(applied.code, JSON.stringify(applied)).toBe(0);
    const merchantId = applied.data!.id;
    const { version } = await t.db.selectFrom('merchants').select('version').where('id', '=', merchantId).executeTakeFirstOrThrow();
    expect((await t.call('adminMerchant', 'approve', { id: merchantId, version }, { token: owner })).body.code).toBe(0);
    // A sale of the new merchant, so the period has a line for it.
    await cloneSku(t, 'SIM-CU-30', merchantId, 'SIM-FORMULA-30', null);
    const buyer = await t.signIn();
    const addressId = (await t.call('address', 'save', anAddress, { token: buyer.token })).body.data.id as number;
    await t.buy(buyer.token, 'SIM-FORMULA-30', 1, { paperCard: 'with_card' }, addressId);

    const rowOf = async (lang: 'en' | 'zh-Hans') => {
      const res = await t.call('adminSettlement', 'export', { from, to: Date.now() + 1, merchantId, format: 'csv', lang }, { token: owner });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      return Buffer.from(res.body.data.base64, 'base64').toString('utf8').split('\r\n')[1]!;
    };
    const en = await rowOf('en');
    expect(en.startsWith(`";'=1+1",`), en).toBe(true);
    const zh = await rowOf('zh-Hans');
    expect(zh.startsWith(`'＝1+1,`), zh).toBe(true);
  });
});

describe('addresses in content', () => {
  const home = async () => (await t.call('adminContent', 'home_get', { lang: 'en' }, { token: owner })).body.data as { edition: number; content: Record<string, unknown> & { banners: Array<Record<string, unknown>>; shortcuts: Array<Record<string, unknown>> } };
  const save = async (change: (c: Awaited<ReturnType<typeof home>>['content']) => unknown) => {
    const state = await home();
    return (await t.call('adminContent', 'home_save', { lang: 'en', edition: state.edition, content: change(state.content) }, { token: owner })).body;
  };

  it('refuses script and other non-http(s) addresses in home links and pictures', async () => {
    const banner = (over: Record<string, unknown>) => (c: Awaited<ReturnType<typeof home>>['content']) => ({ ...c, banners: [{ ...c.banners[0], ...over }, ...c.banners.slice(1)] });
    for (const [link, field] of [
      [{ type: 'outer', url: 'javascript:alert(document.cookie)' }, 'content.banners.0.link.url'],
      [{ type: 'outer', url: 'data:text/html,<script>alert(1)</script>' }, 'content.banners.0.link.url'],
      [{ type: 'outer', url: 'mailto:a@example.com' }, 'content.banners.0.link.url'],
      [{ type: 'inner', page: 'javascript:alert(1)' }, 'content.banners.0.link.page'],
      [{ type: 'inner', page: 'java\tscript:alert(1)' }, 'content.banners.0.link.page'],
      [{ type: 'inner', page: '//evil.example.com/x' }, 'content.banners.0.link.page'],
      [{ type: 'inner', page: '/pages/login/login', redirect: 'javascript:alert(1)' }, 'content.banners.0.link.redirect'],
      [{ type: 'download', file: 'vbscript:msgbox(1)' }, 'content.banners.0.link.file'],
    ] as const) {
      expect(await save(banner({ link })), JSON.stringify(link)).toMatchObject({ code: serverErrors.paramInvalid.code, field });
    }
    for (const image of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example.com/a.png', 'blob:https://x/y']) {
      expect(await save(banner({ image })), image).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'content.banners.0.image' });
    }
    // Paths in the shop and web addresses stay allowed.
    expect((await save(banner({ image: 'demo:banner-sim.webp', link: { type: 'inner', page: '/pages/mine/contact/contact' } }))).code).toBe(0);
    expect((await save(banner({ image: 'https://cdn.example.com/b.webp', link: { type: 'outer', url: 'https://example.com/travel?x=1' } }))).code).toBe(0);
    expect((await save(banner({ link: { type: 'inner', page: 'home' } }))).code).toBe(0);
  });

  it("refuses a script address as a merchant's logo", async () => {
    const merchant = await t.db.selectFrom('merchants').selectAll().where('name_en', '=', 'Nomad Wireless').executeTakeFirstOrThrow();
    const profile = { id: merchant.id, version: merchant.version, name: { en: merchant.name_en, zh: merchant.name_zh }, description: { en: '', zh: '' }, contactEmail: '', contactPhone: '', returnAddress: '' };
    const res = await t.call('adminMerchant', 'update', { ...profile, logo: 'javascript:alert(1)' }, { token: owner });
    expect(res.body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'logo' });
  });
});

describe('product pictures', () => {
  let made = 0;
  const product = (images: string[]) => {
    made += 1;
    return aProduct({ key: `picture-test-${made}`, name: { en: `Picture test ${made}`, zh: `图片测试${made}` }, images, onSale: false, skus: [aSku({ code: `PT-${made}`, price: 1000, stock: 1 })] });
  };
  const create = async (images: string[]) => (await t.call('adminProduct', 'create', product(images), { token: owner })).body;

  it('come from uploads, or from the hosts IMAGE_HOSTS names', async () => {
    expect((await create(['demo/sim-card.svg', 'products/00000000-0000-4000-8000-000000000000'])).code).toBe(0);
    expect(await create(['demo/sim-card.svg', 'https://tracker.example.net/pixel.png'])).toMatchObject({ code: serverErrors.imageHostNotAllowed.code, field: 'images.1' });
    expect(await create(['javascript:alert(1)'])).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'images.0' });
    const csv = ['product,sku,kind,name_en,name_zh,currency,price,images', 'picture-csv,PCSV-1,sim,CSV,表格,USD,1,https://tracker.example.net/pixel.png'].join('\n');
    expect((await t.call('adminProduct', 'import_products', { csv }, { token: owner })).body).toMatchObject({ code: serverErrors.importRowInvalid.code, data: { line: 2, reason: expect.stringMatching(/^images:/) } });

    const allowed = await createTestApp({ IMAGE_HOSTS: 'cdn.example.com, Images.Example.org' });
    try {
      expect(allowed.config.imageHosts).toEqual(['cdn.example.com', 'images.example.org']);
      const staff = (await allowed.staffSignIn('owner')).token;
      const on = (images: string[]) => allowed.call('adminProduct', 'create', product(images), { token: staff });
      expect((await on(['https://cdn.example.com/a.webp', 'https://images.example.org/b.png'])).body.code).toBe(0);
      expect((await on(['https://cdn.example.com.evil.net/a.webp'])).body).toMatchObject({ code: serverErrors.imageHostNotAllowed.code, field: 'images.0' });
    } finally {
      await allowed.close();
    }
  });
});

describe('the API reference', () => {
  const docs = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/fetch/docs', headers });
  const adminPaths = (doc: { paths: Record<string, unknown> }) => Object.keys(doc.paths).filter((p) => p.startsWith('/fetch/admin/'));

  it("shows the shop's actions to anyone and the console's only with a staff session", async () => {
    const open = (await docs()).json();
    expect(open.paths['/fetch/v3/main/mall/json-content.do?action=get_cache']).toBeDefined();
    expect(adminPaths(open)).toEqual([]);
    expect(JSON.stringify(open)).not.toContain('x-permission');
    const customer = await t.signIn();
    expect(adminPaths((await docs({ token: customer.token })).json())).toEqual([]);
    expect(adminPaths((await docs({ token: 'x'.repeat(40) })).json())).toEqual([]);
    const staff = await docs({ token: owner });
    expect(staff.headers['cache-control']).toBe('private, no-store');
    expect(adminPaths(staff.json()).length).toBeGreaterThan(50);
    expect(adminPaths((await t.app.inject({ method: 'GET', url: '/fetch/docs/openapi.json' })).json())).toEqual([]);
  });
});

describe('Strict-Transport-Security', () => {
  const appWith = (over: Partial<Config>) => buildApp({ config: { ...t.config, ...over }, db: t.db, prepare: false, workers: false });

  it('is sent in production behind https, for a year with subdomains, and not otherwise', async () => {
    const prod = await appWith({ env: 'production', publicUrl: 'https://shop.example.com' });
    const plain = await appWith({ env: 'production', publicUrl: 'http://shop.example.com' });
    try {
      const hsts = (await prod.app.inject({ method: 'GET', url: '/fetch/docs' })).headers['strict-transport-security'];
      expect(hsts).toBe('max-age=31536000; includeSubDomains');
      expect(Number(/max-age=(\d+)/.exec(String(hsts))![1])).toBeGreaterThanOrEqual(31_536_000);
      expect((await plain.app.inject({ method: 'GET', url: '/fetch/docs' })).headers['strict-transport-security']).toBeUndefined();
      expect((await t.app.inject({ method: 'GET', url: '/fetch/docs' })).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await prod.app.close();
      await plain.app.close();
    }
  });
});

describe('the staff session cookie', () => {
  /** A console call as the browser makes it: signed without a token, the session in the cookie. */
  const consoleCall = async (app: TestApp['app'], endpoint: 'adminAuth' | 'adminContent', action: string, body: unknown, headers: Record<string, string> = {}) => {
    const query = `action=${action}`;
    const payload = JSON.stringify(body);
    const res = await app.inject({ method: 'POST', url: `${API_BASE}${adminApi[endpoint].path}?${query}`, headers: { ...signRequest(t.config.signing, { query, body: payload }), 'content-type': 'application/json', ...headers }, payload });
    return { http: res.statusCode, body: res.json(), setCookie: ([] as string[]).concat(res.headers['set-cookie'] ?? []) };
  };
  const signIn = async (app: TestApp['app'] = t.app) => {
    const res = await consoleCall(app, 'adminAuth', 'login', { account: 'owner@simshop.local', password: 'demo1234' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const cookie = res.setCookie.find((c) => c.startsWith('simshop_staff='))!;
    return { cookie, pair: cookie.split(';')[0]! };
  };
  const console1 = { 'x-simshop-console': '1' };

  it('is HttpOnly, SameSite=Strict and sent to the admin API only; it signs the console in without a token', async () => {
    const { cookie, pair } = await signIn();
    expect(cookie).toMatch(/; Path=\/fetch\/admin(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; SameSite=Strict(;|$)/);
    expect(cookie).not.toMatch(/Secure/);
    const me = await consoleCall(t.app, 'adminAuth', 'me', {}, { cookie: pair, ...console1 });
    expect(me.body).toMatchObject({ code: 0, data: { email: 'owner@simshop.local' } });
    // The full API reference under the admin API, where the browser sends the cookie.
    const docs = await t.app.inject({ method: 'GET', url: '/fetch/admin/docs', headers: { cookie: pair } });
    expect(Object.keys(docs.json().paths).some((p) => p.startsWith('/fetch/admin/'))).toBe(true);
  });

  it('refuses a cookie call without the console header or from another site (CSRF), and writes nothing', async () => {
    const { pair } = await signIn();
    const state = (await consoleCall(t.app, 'adminContent', 'home_get', { lang: 'en' }, { cookie: pair, ...console1 })).body.data;
    const save = { lang: 'en', edition: state.edition, content: { ...state.content, title: 'Forged' } };
    expect((await consoleCall(t.app, 'adminContent', 'home_save', save, { cookie: pair })).body.code).toBe(serverErrors.consoleHeaderMissing.code);
    expect((await consoleCall(t.app, 'adminContent', 'home_save', save, { cookie: pair, ...console1, 'sec-fetch-site': 'cross-site' })).body.code).toBe(serverErrors.consoleHeaderMissing.code);
    expect((await consoleCall(t.app, 'adminContent', 'home_get', { lang: 'en' }, { cookie: pair, ...console1 })).body.data.edition).toBe(state.edition);
    const saved = await consoleCall(t.app, 'adminContent', 'home_save', { ...save, content: state.content }, { cookie: pair, ...console1, 'sec-fetch-site': 'same-origin' });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    // An upload to the admin API is held to the same rule.
    const upload = await t.app.inject({ method: 'POST', url: `${API_BASE}${ADMIN_PRODUCT_IMAGE_PATH}`, headers: { ...signRequest(t.config.signing, { query: '', body: '' }), cookie: pair, 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' });
    expect(upload.json().code).toBe(serverErrors.consoleHeaderMissing.code);
  });

  it('is cleared by signing out, and the session ends with it', async () => {
    const { pair } = await signIn();
    const out = await consoleCall(t.app, 'adminAuth', 'logout', {}, { cookie: pair, ...console1 });
    expect(out.body.code).toBe(0);
    expect(out.setCookie.find((c) => c.startsWith('simshop_staff='))).toMatch(/^simshop_staff=;.*Max-Age=0/);
    const after = await consoleCall(t.app, 'adminAuth', 'me', {}, { cookie: pair, ...console1 });
    expect(after.http).toBe(401);
    expect(after.setCookie.find((c) => c.startsWith('simshop_staff='))).toMatch(/Max-Age=0/);
  });

  it('is Secure when the shop is served over https', async () => {
    const secure = await buildApp({ config: { ...t.config, publicUrl: 'https://shop.example.com' }, db: t.db, prepare: false, workers: false });
    try {
      expect((await signIn(secure.app)).cookie).toMatch(/; Secure(;|$)/);
    } finally {
      await secure.app.close();
    }
  });
});
