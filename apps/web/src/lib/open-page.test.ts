import { afterEach, describe, expect, it, vi } from 'vitest';
import { configurePageOpener, currentRoute, decideLink, decideOpen, executeOpen, isWeChatBrowser, loginRedirect, openLink, openPage, WRONG_PARAMETER_KEY } from './open-page';
import type { CurrentLocation, OpenContext, PageOpenerEffects } from './open-page';

const CHROME = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const WECHAT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI';

const at = (pathname: string, search = '', userAgent = CHROME): OpenContext => ({ location: { pathname, search }, userAgent });
const goods = at('/pages/goods/goods', '?id=3');

describe('isWeChatBrowser', () => {
  it('recognises the WeChat in-app browser by its user agent', () => {
    expect(isWeChatBrowser(WECHAT)).toBe(true);
    expect(isWeChatBrowser(CHROME)).toBe(false);
    expect(isWeChatBrowser(undefined)).toBe(false);
  });
});

describe('decideOpen: tab pages', () => {
  it('opens the four tab pages by tab switching, by name or by path', () => {
    expect(decideOpen('home', goods)).toEqual({ kind: 'tab', path: '/pages/index/index' });
    expect(decideOpen('cart', goods)).toEqual({ kind: 'tab', path: '/pages/shop-cart' });
    expect(decideOpen('/pages/order/index', goods)).toEqual({ kind: 'tab', path: '/pages/order/index' });
    expect(decideOpen('pages/mine/index', goods)).toEqual({ kind: 'tab', path: '/pages/mine/index' });
  });

  it('treats the root and the basename as home', () => {
    expect(decideOpen('/', goods)).toEqual({ kind: 'tab', path: '/pages/index/index' });
    expect(decideOpen('/uni/', goods)).toEqual({ kind: 'tab', path: '/pages/index/index' });
  });

  it('keeps a query on a tab page (the order list takes its tab)', () => {
    expect(decideOpen('/pages/order/index?tab=unpaid', goods)).toEqual({ kind: 'tab', path: '/pages/order/index?tab=unpaid' });
  });
});

describe('decideOpen: login pages are relaunched with a redirect', () => {
  it('carries the current route and query as the redirect', () => {
    expect(decideOpen('login', goods)).toEqual({
      kind: 'relaunch',
      path: '/pages/login/regular?redirect=%2Fpages%2Fgoods%2Fgoods%3Fid%3D3',
      redirect: '/pages/goods/goods?id=3',
    });
  });

  it("prefers the current page's own redirect parameter", () => {
    const d = decideOpen('login-reseller', at('/pages/mine/index', '?redirect=%2Fpages%2Forder%2Findex'));
    expect(d).toEqual({ kind: 'relaunch', path: '/pages/login/reseller?redirect=%2Fpages%2Forder%2Findex', redirect: '/pages/order/index' });
  });

  it('accepts an explicit redirect, and login paths as well as names', () => {
    expect(decideOpen('/pages/login/regular', goods, { redirect: '/pages/mine/index' })).toMatchObject({ kind: 'relaunch', redirect: '/pages/mine/index' });
    expect(decideOpen('login-regular', goods)).toMatchObject({ kind: 'relaunch', path: expect.stringMatching(/^\/pages\/login\/regular\?redirect=/) });
  });

  it('strips the basename from the current route', () => {
    expect(decideOpen('login', at('/uni/pages/mine/esim/esim', '?x=1'))).toMatchObject({ redirect: '/pages/mine/esim/esim?x=1' });
  });

  it('never redirects a login page back to a login page', () => {
    expect(loginRedirect({ pathname: '/pages/login/regular', search: '' })).toBe('/pages/index/index');
  });
});

describe('decideOpen: web addresses go to the external page', () => {
  it('embeds by default and keeps the requested target outside WeChat', () => {
    expect(decideOpen('https://example.com/a?b=1', goods)).toEqual({
      kind: 'external',
      url: 'https://example.com/a?b=1',
      target: '',
      path: '/pages/web/external?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1',
    });
    expect(decideOpen('http://example.com', goods, { target: '_blank' })).toMatchObject({ kind: 'external', target: '_blank', path: '/pages/web/external?url=http%3A%2F%2Fexample.com&target=_blank' });
  });

  it('opens in the same window inside the WeChat browser', () => {
    expect(decideOpen('https://example.com', at('/pages/index/index', '', WECHAT), { target: '_blank' })).toMatchObject({ kind: 'external', target: '_self' });
  });

  it('refuses a name starting with http that is not an address', () => {
    expect(decideOpen('httpfoo', goods)).toEqual({ kind: 'not-found', path: '/pages/error/404' });
  });
});

describe('decideOpen: other pages', () => {
  it('navigates to known pages by path or by name, with their query', () => {
    expect(decideOpen('/pages/goods/goods?id=3', goods)).toEqual({ kind: 'navigate', path: '/pages/goods/goods?id=3' });
    expect(decideOpen('web-external', goods)).toEqual({ kind: 'navigate', path: '/pages/web/external' });
    expect(decideOpen('/uni/pages/mine/esim/esim/', goods)).toEqual({ kind: 'navigate', path: '/pages/mine/esim/esim' });
    expect(decideOpen('goods', goods, { query: { id: 7 } })).toEqual({ kind: 'navigate', path: '/pages/goods/goods?id=7' });
  });

  it('leads unknown pages and empty targets to 404', () => {
    expect(decideOpen('/pages/nope', goods)).toEqual({ kind: 'not-found', path: '/pages/error/404' });
    expect(decideOpen('no-such-name', goods)).toEqual({ kind: 'not-found', path: '/pages/error/404' });
    expect(decideOpen('  ', goods)).toEqual({ kind: 'not-found', path: '/pages/error/404' });
    expect(decideOpen('toString', goods)).toEqual({ kind: 'not-found', path: '/pages/error/404' });
  });
});

describe('currentRoute', () => {
  it('is the route plus query without the basename', () => {
    const l: CurrentLocation = { pathname: '/uni/pages/goods/goods', search: '?id=1' };
    expect(currentRoute(l)).toBe('/pages/goods/goods?id=1');
    expect(currentRoute({ pathname: '/uni', search: '' })).toBe('/');
  });
});

describe('decideLink', () => {
  it('opens inner and goods links as pages, with an optional redirect', () => {
    expect(decideLink({ type: 'inner', page: '/pages/mine/contact/contact' }, goods)).toEqual({ kind: 'page', open: { kind: 'navigate', path: '/pages/mine/contact/contact' } });
    expect(decideLink({ type: 'goods', page: '/pages/goods/goods?id=1' }, goods)).toEqual({ kind: 'page', open: { kind: 'navigate', path: '/pages/goods/goods?id=1' } });
    expect(decideLink({ type: 'inner', page: 'login', redirect: '/pages/order/index' }, goods)).toMatchObject({ kind: 'page', open: { kind: 'relaunch', redirect: '/pages/order/index' } });
  });

  it('opens outer links on the external page with their target', () => {
    expect(decideLink({ type: 'outer', url: 'https://example.com', target: '_blank' }, goods)).toMatchObject({ kind: 'page', open: { kind: 'external', url: 'https://example.com', target: '_blank' } });
    expect(decideLink({ type: 'outer', url: 'https://example.com', target: '_blank' }, at('/', '', WECHAT))).toMatchObject({ open: { target: '_self' } });
  });

  it('recognises mini-program and download links', () => {
    expect(decideLink({ type: 'mp', appId: 'wx123', path: 'pages/a' }, goods)).toEqual({ kind: 'mp', appId: 'wx123', path: 'pages/a' });
    expect(decideLink({ type: 'mp', appId: 'wx123' }, goods)).toEqual({ kind: 'mp', appId: 'wx123' });
    expect(decideLink({ type: 'download', file: 'abc.def' }, goods)).toEqual({ kind: 'download', file: 'abc.def' });
  });

  it('calls anything malformed or of an unknown type invalid', () => {
    for (const bad of [null, 'x', 42, {}, { type: 'weird' }, { type: 'inner' }, { type: 'inner', page: '' }, { type: 'outer', url: 'javascript:alert(1)' }, { type: 'outer' }, { type: 'mp' }, { type: 'download', file: '' }]) {
      expect(decideLink(bad, goods)).toEqual({ kind: 'invalid' });
    }
  });
});

function fakeEffects(overrides: Partial<PageOpenerEffects> = {}) {
  return {
    navigate: vi.fn<PageOpenerEffects['navigate']>(),
    location: () => ({ pathname: '/pages/goods/goods', search: '?id=3' }),
    userAgent: () => CHROME,
    openWindow: vi.fn<PageOpenerEffects['openWindow']>(() => true),
    notify: vi.fn<PageOpenerEffects['notify']>(),
    download: vi.fn<PageOpenerEffects['download']>(),
    ...overrides,
  };
}

describe('executeOpen', () => {
  it('pushes tab, navigate and 404 decisions and replaces for a relaunch', () => {
    const fx = { ...fakeEffects(), navigate: vi.fn<PageOpenerEffects['navigate']>() };
    executeOpen({ kind: 'tab', path: '/pages/shop-cart' }, fx);
    executeOpen({ kind: 'navigate', path: '/pages/goods/goods' }, fx);
    executeOpen({ kind: 'not-found', path: '/pages/error/404' }, fx);
    executeOpen({ kind: 'relaunch', path: '/pages/login/regular?redirect=x', redirect: 'x' }, fx);
    expect(fx.navigate.mock.calls).toEqual([['/pages/shop-cart'], ['/pages/goods/goods'], ['/pages/error/404'], ['/pages/login/regular?redirect=x', { replace: true }]]);
  });

  it('opens _blank in a new window, and falls back to the external page when blocked', () => {
    const decision = { kind: 'external', url: 'https://example.com', target: '_blank', path: '/pages/web/external?url=x&target=_blank' } as const;
    const fx = fakeEffects();
    executeOpen(decision, fx);
    expect(fx.openWindow).toHaveBeenCalledWith('https://example.com');
    expect(fx.navigate).not.toHaveBeenCalled();

    const blocked = fakeEffects({ openWindow: vi.fn(() => false) });
    executeOpen(decision, blocked);
    expect(blocked.navigate).toHaveBeenCalledWith('/pages/web/external?url=x&target=_blank');
  });

  it('goes to the external page for embedded and same-window targets', () => {
    const fx = fakeEffects();
    executeOpen({ kind: 'external', url: 'https://example.com', target: '_self', path: '/pages/web/external?url=x&target=_self' }, fx);
    expect(fx.openWindow).not.toHaveBeenCalled();
    expect(fx.navigate).toHaveBeenCalledWith('/pages/web/external?url=x&target=_self');
  });

  it('falls back to tab switching, then 404, when navigating throws', () => {
    let calls = 0;
    const seen: string[] = [];
    const fx = fakeEffects({
      navigate: (path) => {
        seen.push(path);
        if (calls++ === 0) throw new Error('blocked');
      },
    });
    executeOpen({ kind: 'navigate', path: '/pages/mine/index?x=1' }, fx);
    expect(seen).toEqual(['/pages/mine/index?x=1', '/pages/mine/index']);
    calls = 0;
    seen.length = 0;
    executeOpen({ kind: 'navigate', path: '/pages/goods/goods' }, fx);
    expect(seen).toEqual(['/pages/goods/goods', '/pages/error/404']);
  });
});

describe('openPage and openLink', () => {
  afterEach(() => configurePageOpener(null));

  it('fail loudly before the app wired them', () => {
    expect(() => openPage('home')).toThrow(/configurePageOpener/);
  });

  it('open pages from the current location', () => {
    const fx = fakeEffects();
    configurePageOpener(fx);
    openPage('login');
    expect(fx.navigate).toHaveBeenCalledWith('/pages/login/regular?redirect=%2Fpages%2Fgoods%2Fgoods%3Fid%3D3', { replace: true });
  });

  it('carry out every link type', () => {
    const fx = fakeEffects();
    configurePageOpener(fx);
    openLink({ type: 'inner', page: '/pages/mine/contact/contact' });
    expect(fx.navigate).toHaveBeenLastCalledWith('/pages/mine/contact/contact');
    openLink({ type: 'goods', page: '/pages/goods/goods?id=2' });
    expect(fx.navigate).toHaveBeenLastCalledWith('/pages/goods/goods?id=2');
    openLink({ type: 'outer', url: 'https://example.com', target: '_blank' });
    expect(fx.openWindow).toHaveBeenLastCalledWith('https://example.com');
    openLink({ type: 'mp', appId: 'wx1', path: 'pages/index?x=1' });
    expect(fx.navigate).toHaveBeenLastCalledWith('/pages/wechat/mp?appId=wx1&path=pages%2Findex%3Fx%3D1');
    openLink({ type: 'download', file: 'token123' });
    expect(fx.download).toHaveBeenCalledWith('token123');
    openLink({ type: 'carrier-pigeon' });
    expect(fx.notify).toHaveBeenLastCalledWith(WRONG_PARAMETER_KEY);
    expect(WRONG_PARAMETER_KEY).toBe('res.param.error');
  });
});
