import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The service worker run in node with a fake worker scope and Cache API: which visited pages it
 * keeps. An address with a code or token in it (an ECode is a bearer voucher) is never kept.
 */
type Listener = (event: unknown) => void;
const listeners = new Map<string, Listener>();
const stored = new Map<string, Map<string, Response>>();
const key = (k: string | Request) => (typeof k === 'string' ? k : k.url);
const cacheOf = (name: string) => {
  const entries = stored.get(name) ?? new Map<string, Response>();
  stored.set(name, entries);
  return entries;
};
vi.stubGlobal('caches', {
  open: async (name: string) => ({ put: async (k: string | Request, r: Response) => void cacheOf(name).set(key(k), r), addAll: async () => undefined }),
  match: async (k: string | Request, options: { cacheName: string }) => stored.get(options.cacheName)?.get(key(k)),
  keys: async () => [...stored.keys()],
  delete: async (name: string) => stored.delete(name),
});
vi.stubGlobal('self', { location: { origin: 'https://shop.test' }, addEventListener: (type: string, l: Listener) => void listeners.set(type, l), clients: { claim: async () => undefined }, skipWaiting: async () => undefined });
vi.stubGlobal('BUILD_VERSION', 'test');
vi.stubGlobal('BASE', '/uni/');
vi.stubGlobal('PRECACHE', []);
vi.stubGlobal('fetch', async () => new Response('<html>page</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
// The unit project shares modules between files: the worker must register on this file's scope.
vi.resetModules();
await import('./service-worker');

/** Navigates to an address through the worker and waits for what it saves. */
async function visit(path: string): Promise<void> {
  let answer: Promise<Response> | undefined;
  listeners.get('fetch')!({ request: { method: 'GET', url: `https://shop.test${path}`, mode: 'navigate' }, respondWith: (r: Promise<Response>) => (answer = r), waitUntil: () => undefined });
  await answer;
  await new Promise((r) => setTimeout(r, 0));
}
const savedPages = () => [...(stored.get('simshop-pages')?.keys() ?? [])];

describe('the pages the service worker keeps', () => {
  beforeEach(() => stored.clear());

  it('keeps ordinary pages, their ids and searches included', async () => {
    for (const path of ['/uni/pages/index/index', '/uni/pages/goods/goods?id=3', '/uni/pages/search/search?keyword=esim']) await visit(path);
    expect(savedPages()).toEqual(['https://shop.test/uni/pages/index/index', 'https://shop.test/uni/pages/goods/goods?id=3', 'https://shop.test/uni/pages/search/search?keyword=esim']);
  });

  it('never keeps an address with a code or token in it, nested or not', async () => {
    for (const path of [
      '/uni/pages/ecode/index?code=JT0123456789',
      '/uni/pages/ecode/detail?id=1&ecode=JT0123456789',
      '/uni/pages/login/login?token=abc',
      '/uni/pages/x?inviteCode=A1',
      '/uni/pages/x?access_token=abc',
      '/uni/pages/index/index?preview=eyJ0',
      '/uni/pages/wechat/callback?code=071&state=s1',
      '/uni/pages/login/login?redirect=%2Fpages%2Fecode%2Findex%3Fcode%3DJT0123456789',
      '/uni/pages/login/login?redirect=%252Fpages%252Fx%253Ftoken%253Dabc',
      '/uni/pages/x#/y?token=abc',
      '/uni/pages/x?CODE=JT1',
    ])
      await visit(path);
    expect(savedPages()).toEqual([]);
  });
});
