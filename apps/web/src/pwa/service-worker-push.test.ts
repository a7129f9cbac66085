import { describe, expect, it, vi } from 'vitest';

/**
 * The service worker's Web Push side, run in node with a fake worker scope: the alert is shown
 * from the push message as the server wrote it, and a click opens its eSIM page on this origin.
 */
type Listener = (event: unknown) => void;
const listeners = new Map<string, Listener>();
const shown: Array<{ title: string; options: { body: string; tag: string; data: { url: string } } }> = [];
const opened: string[] = [];
const focused: string[] = [];
let windows: Array<{ url: string; focus: () => Promise<void> }> = [];
vi.stubGlobal('self', {
  location: { origin: 'https://shop.test' },
  addEventListener: (type: string, l: Listener) => void listeners.set(type, l),
  clients: { claim: async () => undefined, matchAll: async () => windows, openWindow: async (url: string) => void opened.push(url) },
  registration: { showNotification: async (title: string, options: (typeof shown)[number]['options']) => void shown.push({ title, options }) },
  skipWaiting: async () => undefined,
});
vi.stubGlobal('BUILD_VERSION', 'test');
vi.stubGlobal('BASE', '/uni/');
vi.stubGlobal('PRECACHE', []);
// The unit project shares modules between files: the worker must register on this file's scope.
vi.resetModules();
await import('./service-worker');

async function dispatch(type: string, event: object): Promise<void> {
  let done: Promise<unknown> = Promise.resolve();
  listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (done = p) });
  await done;
}

const ESIM_PAGE = '/uni/pages/mine/esim/esim-detail?id=12';

describe('the service worker and Web Push', () => {
  it('shows the alert the push message carries, its eSIM page on this origin', async () => {
    const payload = { title: '90 % of your eSIM data is used: Asia eSIM', body: 'You have used 4500 MB of the 5000 MB.', url: `https://public.example.com${ESIM_PAGE}`, tag: 'esim-12-data_90' };
    await dispatch('push', { data: { text: () => JSON.stringify(payload) } });
    expect(shown.at(-1)).toEqual({
      title: payload.title,
      options: expect.objectContaining({ body: payload.body, tag: 'esim-12-data_90', data: { url: `https://shop.test${ESIM_PAGE}` } }),
    });
  });

  it('still shows something for a message it cannot read, and never links outside the shop', async () => {
    await dispatch('push', { data: { text: () => 'not json' } });
    expect(shown.at(-1)).toMatchObject({ title: 'SimShop', options: { data: { url: 'https://shop.test/uni/' } } });
    await dispatch('push', { data: { text: () => JSON.stringify({ title: 'x', body: 'y', url: 'https://evil.example/phish', tag: 't' }) } });
    expect(shown.at(-1)!.options.data.url).toBe('https://shop.test/uni/');
  });

  it('a click opens the eSIM page, or focuses the window already showing it', async () => {
    const notification = { data: { url: `https://shop.test${ESIM_PAGE}` }, close: vi.fn() };
    windows = [];
    await dispatch('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(opened).toEqual([`https://shop.test${ESIM_PAGE}`]);
    windows = [{ url: `https://shop.test${ESIM_PAGE}`, focus: async () => void focused.push(ESIM_PAGE) }];
    await dispatch('notificationclick', { notification });
    expect(focused).toEqual([ESIM_PAGE]);
    expect(opened).toHaveLength(1);
  });
});
