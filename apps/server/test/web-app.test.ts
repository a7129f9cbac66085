import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

// A stand-in build folder keeps this suite independent of `vite build`; the browser suite
// exercises the real build.
const dist = mkdtempSync(join(tmpdir(), 'simshop-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><!--simshop-config--></head><body><div id="root"></div></body></html>');
writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
const consoleDist = mkdtempSync(join(tmpdir(), 'simshop-console-dist-'));
writeFileSync(join(consoleDist, 'index.html'), '<!doctype html><html><head><!--simshop-config--><title>console</title></head><body></body></html>');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: dist, CONSOLE_DIST: consoleDist, SIGNING_SECRET: 'a-secret-with-</script>-inside' });
});
afterAll(() => t.close());

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
      // The secret is embedded in a script tag: nothing in it may close the tag.
      expect(res.body).not.toContain('</script>-inside');
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
