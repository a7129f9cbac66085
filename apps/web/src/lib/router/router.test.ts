import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createRouter } from './router';
import type { HistoryEntryState, HistoryPort, RouteEntry, ScrollPort } from './router';

/** A tab's history in memory: entries with their state, a position, popstate on go(). */
function memoryHistory(start: string, startState: unknown = null) {
  const entries: Array<{ href: string; state: unknown }> = [{ href: start, state: startState }];
  let index = 0;
  let onPop: (() => void) | undefined;
  const port: HistoryPort = {
    read() {
      const url = new URL(entries[index]!.href, 'http://shop');
      return { pathname: url.pathname, search: url.search, hash: url.hash, state: entries[index]!.state };
    },
    push(href, state) {
      entries.splice(index + 1, entries.length, { href, state });
      index += 1;
    },
    replace(href, state) {
      entries[index] = { href, state };
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      onPop?.();
    },
    listen(listener) {
      onPop = listener;
      return () => (onPop = undefined);
    },
  };
  return { port, entries, current: () => entries[index]! };
}

function memoryScroll(saved: Record<string, number> = {}) {
  let y = 0;
  const port: ScrollPort & { y: () => number; set: (v: number) => void; stored?: Record<string, number> } = {
    read: () => y,
    scrollTo: (next) => (y = next),
    scrollToHash: (id) => id === 'reviews' && ((y = 900), true),
    load: () => ({ ...saved }),
    save(positions) {
      port.stored = { ...positions };
    },
    y: () => y,
    set: (v) => (y = v),
  };
  return port;
}

const page = (name: string): ComponentType => Object.assign(() => null, { displayName: name });

/** A route whose page arrives when the test says so. */
function deferredRoute(path: string) {
  const component = page(path);
  let resolve: (c: ComponentType) => void = () => undefined;
  let reject: (e: unknown) => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<ComponentType>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  const route: RouteEntry = { path, load };
  return { route, component, load, arrive: () => resolve(component), fail: (e: unknown) => reject(e) };
}

const ready = (path: string, component = page(path)): RouteEntry => ({ path, load: () => Promise.resolve(component) });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
let keys = 0;
const newKey = () => `k${++keys}`;

describe('router: the first page', () => {
  it('shows nothing until the first page has loaded, then that page; marks the entry as the first', async () => {
    const home = deferredRoute('/');
    const history = memoryHistory('/uni/');
    const router = createRouter([home.route], { basename: '/uni', history: history.port, newKey });
    expect(router.getState()).toMatchObject({ page: null, loading: true, location: { pathname: '/', key: 'default', idx: 0 } });
    expect(history.current().state).toMatchObject({ key: 'default', idx: 0 });
    home.arrive();
    await settle();
    expect(router.getState()).toMatchObject({ page: { Component: home.component }, loading: false, action: 'POP' });
  });

  it('keeps the key and index of an entry across a reload', async () => {
    const history = memoryHistory('/uni/goods?id=3', { usr: null, key: 'abc', idx: 4 });
    const router = createRouter([ready('/goods')], { basename: '/uni', history: history.port });
    expect(router.getState().location).toMatchObject({ pathname: '/goods', search: '?id=3', key: 'abc', idx: 4 });
  });

  it('shows the 404 route for an unknown path and treats a trailing slash as none', async () => {
    const notFound = page('404');
    const goods = page('goods');
    const history = memoryHistory('/uni/nowhere');
    const router = createRouter([ready('/goods', goods), ready('*', notFound)], { basename: '/uni', history: history.port });
    await settle();
    expect(router.getState().page).toEqual({ Component: notFound });
    router.navigate('/goods/');
    await settle();
    expect(router.getState().page).toEqual({ Component: goods });
  });

  it('starts the page’s first requests with its code, with the address it is opened at', () => {
    const prefetch = vi.fn();
    createRouter([{ ...ready('/goods'), prefetch }], { basename: '/uni', history: memoryHistory('/uni/goods?id=7').port });
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch.mock.calls[0]![0].searchParams.get('id')).toBe('7');
  });
});

describe('router: navigating', () => {
  it('keeps the old page and address while the next page loads, then commits both at once', async () => {
    const cart = deferredRoute('/cart');
    const history = memoryHistory('/uni/');
    const router = createRouter([ready('/'), cart.route], { basename: '/uni', history: history.port, newKey });
    await settle();
    const before = router.getState();
    router.navigate('/cart?x=1');
    expect(router.getState()).toMatchObject({ loading: true, location: before.location, page: before.page });
    expect(history.current().href).toBe('/uni/');
    cart.arrive();
    await settle();
    expect(router.getState()).toMatchObject({ loading: false, action: 'PUSH', page: { Component: cart.component }, location: { pathname: '/cart', search: '?x=1', idx: 1 } });
    expect(history.current()).toEqual({ href: '/uni/cart?x=1', state: { usr: null, key: router.getState().location.key, idx: 1 } satisfies HistoryEntryState });
  });

  it('abandons a navigation that a later one overtook', async () => {
    const slow = deferredRoute('/slow');
    const fast = page('fast');
    const history = memoryHistory('/uni/');
    const router = createRouter([ready('/'), slow.route, ready('/fast', fast)], { basename: '/uni', history: history.port });
    await settle();
    router.navigate('/slow');
    router.navigate('/fast');
    await settle();
    slow.arrive();
    await settle();
    expect(router.getState().page).toEqual({ Component: fast });
    expect(history.current().href).toBe('/uni/fast');
    expect(history.entries).toHaveLength(2);
  });

  it('loads a page once: a query change keeps the same component (no new mount)', async () => {
    const goods = deferredRoute('/goods');
    const router = createRouter([ready('/'), goods.route], { basename: '/uni', history: memoryHistory('/uni/').port });
    router.navigate('/goods?id=1');
    goods.arrive();
    await settle();
    router.navigate('/goods?id=2', { replace: true });
    expect(router.getState()).toMatchObject({ loading: false, action: 'REPLACE', page: { Component: goods.component }, location: { search: '?id=2' } });
    expect(goods.load).toHaveBeenCalledTimes(1);
  });

  it('replace keeps the index; push adds one; state travels with the entry', async () => {
    const history = memoryHistory('/uni/');
    const router = createRouter([ready('/'), ready('/a'), ready('/b')], { basename: '/uni', history: history.port });
    await settle();
    router.navigate('/a');
    await settle();
    router.navigate('/b', { replace: true, state: { from: 'a' } });
    await settle();
    expect(router.getState().location).toMatchObject({ pathname: '/b', idx: 1, state: { from: 'a' } });
    expect(history.entries.map((e) => e.href)).toEqual(['/uni/', '/uni/b']);
  });

  it('shows the failure in place of a page whose code did not load, and tries again next time', async () => {
    const goods = deferredRoute('/goods');
    const router = createRouter([ready('/'), goods.route], { basename: '/uni', history: memoryHistory('/uni/').port });
    await settle();
    router.navigate('/goods?id=1');
    const error = new Error('chunk failed');
    goods.fail(error);
    await settle();
    expect(router.getState()).toMatchObject({ page: { error }, location: { pathname: '/goods' }, loading: false });
    router.navigate('/goods?id=1');
    expect(goods.load).toHaveBeenCalledTimes(2);
  });

  it('goes back through the history, and a back step shows the entry it lands on', async () => {
    const history = memoryHistory('/uni/');
    const home = page('home');
    const router = createRouter([ready('/', home), ready('/a')], { basename: '/uni', history: history.port });
    await settle();
    router.navigate('/a');
    await settle();
    router.navigate(-1);
    await settle();
    expect(router.getState()).toMatchObject({ action: 'POP', page: { Component: home }, location: { pathname: '/', key: 'default', idx: 0 } });
  });

  it('resolves a relative path against the current one and writes the basename into addresses', async () => {
    const history = memoryHistory('/uni/pages/order/index');
    const router = createRouter([ready('/pages/order/index'), ready('/pages/order/detail')], { basename: '/uni', history: history.port });
    await settle();
    router.navigate('detail?orderNo=1');
    await settle();
    expect(history.current().href).toBe('/uni/pages/order/detail?orderNo=1');
    expect(router.href('/')).toBe('/uni/');
    expect(router.href('/cart#top')).toBe('/uni/cart#top');
  });
});

describe('router: scroll', () => {
  it('puts a new page at its top, and a page returned to where it was left', async () => {
    const scroll = memoryScroll();
    const history = memoryHistory('/uni/');
    const router = createRouter([ready('/'), ready('/a')], { basename: '/uni', history: history.port, scroll });
    await settle();
    router.restoreScroll();
    scroll.set(640);
    router.navigate('/a');
    await settle();
    router.restoreScroll();
    expect(scroll.y()).toBe(0);
    router.navigate(-1);
    await settle();
    router.restoreScroll();
    expect(scroll.y()).toBe(640);
  });

  it('brings the element a hash names into view', async () => {
    const scroll = memoryScroll();
    const router = createRouter([ready('/'), ready('/goods')], { basename: '/uni', history: memoryHistory('/uni/').port, scroll });
    await settle();
    router.navigate('/goods?id=1#reviews');
    await settle();
    router.restoreScroll();
    expect(scroll.y()).toBe(900);
  });

  it('keeps positions for a reload of the tab and uses them after it', async () => {
    const scroll = memoryScroll();
    const history = memoryHistory('/uni/', { usr: null, key: 'home-entry', idx: 0 });
    const router = createRouter([ready('/')], { basename: '/uni', history: history.port, scroll });
    await settle();
    scroll.set(321);
    router.persistScroll();
    expect(scroll.stored).toEqual({ 'home-entry': 321 });

    const reloaded = memoryScroll(scroll.stored);
    const again = createRouter([ready('/')], { basename: '/uni', history: history.port, scroll: reloaded });
    await settle();
    again.restoreScroll();
    expect(reloaded.y()).toBe(321);
  });
});
