import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/**
 * GET /api/v1/docs: the reference page names the served OpenAPI document, its renderer's script
 * comes from this server (content-hashed address, cached for good), and its Content-Security-Policy
 * lets the browser load nothing from another host. That Scalar really draws it: e2e api-reference.spec.ts.
 */
const t = useTestApp();

/** Every source a policy allows that is a host (not a keyword, a hash or a scheme like `data:`). */
const hostsOf = (policy: string) =>
  policy
    .split(';')
    .flatMap((directive) => directive.trim().split(/\s+/).slice(1))
    .filter((source) => !/^'.*'$/.test(source) && !/^[a-z][a-z0-9+.-]*:$/.test(source));

describe('the reseller API reference page', () => {
  it('answers HTML without a key that names the OpenAPI document and a script of this server', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('/api/v1/openapi.json');
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/api\/v1\/docs\/scalar-api-reference\.[0-9a-f]{16}\.js$/);
    // The document it names is the one served, without a key.
    const document = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(document.statusCode).toBe(200);
    expect(document.json()).toMatchObject({ openapi: expect.stringMatching(/^3\.1/) });
  });

  it('serves the renderer with 200 and a long cache, compressed for a browser that takes gzip', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    const src = /<script src="([^"]+)"/.exec(page.body)![1]!;
    const plain = await t.app.inject({ method: 'GET', url: src });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/javascript/);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toContain('createApiReference');
    const zipped = await t.app.inject({ method: 'GET', url: src, headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    // Another hash is not the script: the address changes with the file.
    expect((await t.app.inject({ method: 'GET', url: src.replace(/\.[0-9a-f]{16}\.js$/, '.0000000000000000.js') })).statusCode).toBe(404);
  });

  it('has a Content-Security-Policy that names no other host and allows scripts only from itself and by hash', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    const policy = page.headers['content-security-policy'];
    expect(typeof policy).toBe('string');
    expect(hostsOf(policy as string)).toEqual([]);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
