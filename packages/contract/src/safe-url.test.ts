import { describe, expect, it } from 'vitest';
import { imageHostOf, isHttpUrl, isSafeImageString, isShopTarget } from './safe-url.ts';

describe('isShopTarget', () => {
  it('takes paths in the shop, shortcut names and http(s) addresses', () => {
    for (const v of ['/pages/goods/goods?id=3', 'pages/mine/contact/contact', 'home', '/uni/pages/x#top', 'https://example.com/a?b=1', 'http://example.com']) expect(isShopTarget(v), v).toBe(true);
  });
  it('refuses other schemes, however they are spelt, and other sites by //', () => {
    for (const v of ['javascript:alert(1)', 'JavaScript:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', '\u0001javascript:alert(1)', 'data:text/html,x', 'vbscript:x', 'mailto:a@b.c', '//evil.example.com', '\\\\evil.example.com', '/\\evil.example.com', 'https:evil.example.com', 'https://', 'https:// evil'])
      expect(isShopTarget(v), JSON.stringify(v)).toBe(false);
  });
});

describe('isSafeImageString', () => {
  it('takes stored files, root paths and http(s) addresses', () => {
    for (const v of ['demo:banner-esim.webp', 'demo:a.webp,b.webp', 'products/0f0e', 'esim', '/media/logo.png', 'https://cdn.example.com/a.png', 'static:https://cdn.example.com/a.png']) expect(isSafeImageString(v), v).toBe(true);
  });
  it('refuses script, data and blob addresses and other sites by //', () => {
    for (const v of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'blob:https://x/y', 'DATA:image/png;base64,AAAA', '//evil.example.com/a.png', '/\\evil.example.com/a.png', 'demo:../../etc/passwd', 'a b.png', ''])
      expect(isSafeImageString(v), JSON.stringify(v)).toBe(false);
  });
});

describe('isHttpUrl and imageHostOf', () => {
  it('reads the host of an absolute address and nothing else', () => {
    expect(isHttpUrl('https://cdn.example.com/a.png')).toBe(true);
    expect(isHttpUrl('ftp://cdn.example.com/a.png')).toBe(false);
    expect(imageHostOf('https://CDN.example.com:8443/a.png')).toBe('cdn.example.com');
    expect(imageHostOf('https://user@evil.example.net/a.png')).toBe('evil.example.net');
    expect(imageHostOf('products/abc')).toBeNull();
  });
});
