import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, API_BASE, EsimClass, serverErrors, signRequest, Role } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { creditBalance } from '../src/modules/balance/balance.service.ts';
import { useTestApp } from './harness.ts';

/**
 * The low items: a Content-Security-Policy with frame-ancestors on both apps' HTML
 * (the one inline script allowed by its hash), a per-user avatar quota, and the wholesale
 * minimum in reseller generation. (Production refusals: config.test.ts.)
 */
const html = (title: string) => `<!doctype html><html><head><!--simshop-config--><title>${title}</title><script type="module" src="/x/assets/app.js"></script></head><body></body></html>`;
const webDist = mkdtempSync(join(tmpdir(), 'simshop-csp-web-'));
writeFileSync(join(webDist, 'index.html'), html('shop'));
const consoleDist = mkdtempSync(join(tmpdir(), 'simshop-csp-console-'));
writeFileSync(join(consoleDist, 'index.html'), html('console'));

const t = useTestApp({ WEB_DIST: webDist, CONSOLE_DIST: consoleDist, STATIC_HOST: 'https://cdn.example.com/static' });

/** The policy's directives by name. */
function directives(header: string | undefined): Map<string, string[]> {
  return new Map((header ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name!, values]));
}

describe('Content-Security-Policy', () => {
  for (const url of ['/uni/', '/uni/pages/mine/index', '/console/', '/console/staff']) {
    it(`guards ${url}: no framing by other sites, scripts from the shop only, the configuration script by its hash`, async () => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const csp = directives(res.headers['content-security-policy'] as string | undefined);
      // Only the console on the shop's own origin may frame the shop (its home preview); nothing frames the console.
      const shop = url.startsWith('/uni/');
      expect(csp.get('frame-ancestors')).toEqual([shop ? "'self'" : "'none'"]);
      expect(res.headers['x-frame-options']).toBe(shop ? 'SAMEORIGIN' : 'DENY');
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      const inline = /<script>([\s\S]*?)<\/script>/.exec(res.body)![1]!;
      expect(inline).toMatch(/^window\.__SIMSHOP__=/);
      const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
      expect(csp.get('script-src')).toEqual(["'self'", hash]);
      // Images may come from the static host (STATIC_HOST), the API only from the shop itself.
      expect(csp.get('img-src')).toContain('https://cdn.example.com');
      expect(csp.get('connect-src')).toContain("'self'");
    });
  }
});

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function uploadAvatar(token: string) {
  const query = 'action=avatar';
  const boundary = '----simshop-quota-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = signRequest(t.config.signing, { query, body: '', token });
  const res = await t.app.inject({ method: 'POST', url: `${API_BASE}${api.upload.path}?${query}`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  return res.json() as { code: number };
}

describe('avatar uploads', () => {
  it('stop at a per-user quota, and another user still uploads', async () => {
    const a = await t.signIn();
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await uploadAvatar(a.token)).code);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(0));
    expect(codes[20]).toBe(serverErrors.tooFrequent.code);
    const stored = await t.db.selectFrom('files').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_user_id', '=', a.userId).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(20);
    const b = await t.signIn();
    expect((await uploadAvatar(b.token)).code).toBe(0);
  });
});

describe('reseller generation', () => {
  it("respects the product's wholesale minimum", async () => {
    const r = await t.signIn(Role.reseller);
    await creditBalance(t.db, { userId: r.userId, currency: 'USD', amount: 100_000, reason: 'test', orderId: null }, Date.now());
    const cls = (await t.call('resellerNumber', 'classes', { i18n: 'en' }, { token: r.token })).body.data.items.find((c) => c.class === EsimClass.qpePregenerated)!;
    const sku = await t.db.selectFrom('product_skus').select('product_id').where('id', '=', cls.skuId).executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ wholesale_min_qty: 5 }).where('id', '=', sku.product_id).execute();
    const below = await t.call('resellerNumber', 'generate', { skuId: cls.skuId, quantity: 3 }, { token: r.token });
    expect(below.body).toMatchObject({ code: serverErrors.wholesaleMinimum.code, field: 'quantity', data: { min: 5 } });
    const balance = await t.db.selectFrom('balances').select('amount').where('user_id', '=', r.userId).where('currency', '=', 'USD').executeTakeFirstOrThrow();
    expect(balance.amount).toBe(100_000);
    const enough = await t.call('resellerNumber', 'generate', { skuId: cls.skuId, quantity: 5 }, { token: r.token });
    expect(enough.body.data.batch).toMatchObject({ quantity: 5, unitPrice: cls.unitPrice, amount: 5 * cls.unitPrice });
  });
});
