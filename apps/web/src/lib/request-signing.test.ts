import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkSignature, signaturePayload, signRequest } from '@simshop/contract';
import { hmacSha256Hex, signRequestInBrowser } from './request-signing';

const client = { certificate: 'web', secret: 'simshop-dev-signing-secret' };
const request = { query: 'action=get_cache', body: '{"name":"home","version":"1","i18n":"zh-Hans"}', token: 'tok-123' };
const now = 1_795_000_000_000;

describe('request signing in the browser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends exactly the headers of the contract signer (WebCrypto)', async () => {
    expect(globalThis.crypto?.subtle).toBeDefined();
    expect(await signRequestInBrowser(client, request, now)).toEqual(signRequest(client, request, now));
    // Signed out: no token header, the same signature as the contract's.
    expect(await signRequestInBrowser(client, { query: 'action=list', body: '{}' }, now)).toEqual(signRequest(client, { query: 'action=list', body: '{}' }, now));
  });

  it('is accepted by the server-side check, and a changed body is not', async () => {
    const headers = await signRequestInBrowser(client, request, now);
    const input = { query: request.query, body: request.body, token: request.token, timestamp: String(now) };
    expect(checkSignature(client.secret, input, headers.signature, now)).toBe('ok');
    expect(checkSignature(client.secret, { ...input, body: '{}' }, headers.signature, now)).toBe('mismatch');
  });

  it('falls back to the JavaScript HMAC where WebCrypto is missing (plain http), with the same answer', async () => {
    const payload = signaturePayload({ query: request.query, body: request.body, token: '', timestamp: String(now) });
    const withWebCrypto = await hmacSha256Hex('another-secret', payload);
    vi.stubGlobal('crypto', undefined);
    expect(globalThis.crypto).toBeUndefined();
    expect(await hmacSha256Hex('another-secret', payload)).toBe(withWebCrypto);
    expect(await signRequestInBrowser(client, request, now)).toEqual(signRequest(client, request, now));
  });

  it('handles text beyond ASCII as UTF-8, as the server does', async () => {
    const zh = { query: 'action=save', body: '{"name":"张三","city":"上海 🚄"}', token: '' };
    expect(await signRequestInBrowser(client, zh, now)).toEqual(signRequest(client, zh, now));
  });
});
