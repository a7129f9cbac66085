/**
 * The route table of SPEC §2 as named shortcuts. Paths are relative to the router basename
 * (/uni), exactly as the spec writes them, so links read the same as the spec.
 *
 * This module is pure data (no React, no DOM): the page opener and its unit tests use it.
 */

import { CART_PAGE_PATH, destinationOfPath, GOODS_PAGE_PATH, HOME_PAGE_PATH, RESELLER_APPLY_PAGE_PATH, TOOLS } from '@simshop/contract';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

export interface RouteDef {
  /** The named shortcut, e.g. `login-regular`. */
  readonly name: string;
  /** The path under the basename, e.g. `/pages/login/regular`. */
  readonly path: string;
  /** i18n key of the page title. */
  readonly title: string;
  /** Opened by tab switching (SPEC §2 "Tab bar"). */
  readonly tab?: boolean;
  /** Needs a signed-in user (SPEC §2 "Visiting a page that needs sign-in..."). */
  readonly auth?: boolean;
  /** Only for resellers (SPEC §6): others see the denial message with a way to the reseller sign-in. */
  readonly reseller?: boolean;
  /** The path plus an encoded query string; empty and nullish values are left out. */
  getHref(query?: Query): string;
}

export const BASENAME = '/uni';

export function buildQuery(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

function route<N extends string>(name: N, path: string, title: string, flags: { tab?: boolean; auth?: boolean; reseller?: boolean } = {}): RouteDef & { readonly name: N } {
  return { name, path, title, ...flags, getHref: (query?: Query) => `${path}${buildQuery(query)}` };
}

/** Every page of the spec, in the spec's order. One entry per path. */
export const ROUTES = [
  // Tab bar
  route('home', HOME_PAGE_PATH, 'route.home', { tab: true }),
  route('cart', CART_PAGE_PATH, 'route.cart', { tab: true, auth: true }),
  route('order', '/pages/order/index', 'route.order', { tab: true, auth: true }),
  route('mine', '/pages/mine/index', 'route.mine', { tab: true }),
  // Goods
  route('goods', GOODS_PAGE_PATH, 'route.goods'),
  route('goods-notes', '/pages/goods/goods-notes', 'route.goods-notes'),
  // Destination search results: the plans covering a country or region.
  route('destination', '/pages/goods/destination', 'route.destination'),
  // Labels and reviews
  route('label', '/pages/label/index', 'route.label'),
  route('review-write', '/pages/review/write', 'route.review-write', { auth: true }),
  // External link
  route('web-external', '/pages/web/external', 'route.web-external'),
  // Devices
  route('device', '/pages/mine/device/device', 'route.device', { auth: true }),
  route('device-cu', '/pages/mine/device/device-cu', 'route.device-detail', { auth: true }),
  route('device-cm', '/pages/mine/device/device-cm', 'route.device-detail', { auth: true }),
  route('recharge-list', '/pages/mine/device/recharge-list', 'route.recharge-list', { auth: true }),
  route('roam-usage-list', '/pages/mine/device/roam-usage-list', 'route.roam-usage-list', { auth: true }),
  // eSIM
  route('esim', '/pages/mine/esim/esim', 'route.esim', { auth: true }),
  route('esim-detail', '/pages/mine/esim/esim-detail', 'route.esim-detail', { auth: true }),
  // SuperSIM
  route('supsim', '/pages/mine/supsim/supsim', 'route.supsim', { auth: true }),
  route('supsim-detail', '/pages/mine/supsim/supsim-detail', 'route.supsim-detail', { auth: true }),
  // Addresses
  route('address', '/pages/mine/address/address', 'route.address', { auth: true }),
  route('address-edit', '/pages/mine/address/address-edit', 'route.address-edit', { auth: true }),
  // Account
  route('bind-tel', '/pages/mine/bind-tel', 'route.bind-tel', { auth: true }),
  route('bind-email', '/pages/mine/bind-email', 'route.bind-email', { auth: true }),
  route('modify-passwd', '/pages/mine/modify-passwd', 'route.modify-passwd', { auth: true }),
  route('user-info', '/pages/mine/user-info', 'route.user-info', { auth: true }),
  route('user-info-edit', '/pages/mine/user-info-edit', 'route.user-info-edit', { auth: true }),
  // My data: download everything the shop keeps, or delete the account.
  route('my-data', '/pages/mine/my-data', 'route.my-data', { auth: true }),
  // QPE
  // "My service" pages, for signed-in users; the secret pages below serve JT card holders without an account.
  route('qpe-customize', '/pages/mine/qpe/qpe-customize', 'route.qpe-customize', { auth: true }),
  route('qpe-fetch', '/pages/mine/qpe/qpe-fetch', 'route.qpe-fetch', { auth: true }),
  route('longkese-custom', '/pages/mine/qpe/customized/longkese-custom', 'route.longkese-custom', { auth: true }),
  route('longkese-fetch', '/pages/mine/qpe/customized/longkese-fetch', 'route.longkese-fetch', { auth: true }),
  // Help
  route('contact', '/pages/mine/contact/contact', 'route.contact'),
  route('tutorial', '/pages/mine/tutorial/tutorial', 'route.tutorial'),
  route('tutorial-detail', '/pages/mine/tutorial/tutorial-detail', 'route.tutorial-detail'),
  // Orders
  route('order-detail', '/pages/order/order-detail', 'route.order-detail', { auth: true }),
  route('order-address', '/pages/order/order-address', 'route.order-address', { auth: true }),
  route('order-refund', '/pages/order/order-refund', 'route.order-refund', { auth: true }),
  route('order-create', '/pages/order/order-create', 'route.order-create', { auth: true }),
  route('order-pay', '/pages/order/order-pay', 'route.order-pay', { auth: true }),
  route('order-wepay', '/pages/order/order-wepay', 'route.order-wepay', { auth: true }),
  route('payment-notice', '/pages/order/payment-notice', 'route.payment-notice'),
  // Secret pages
  route('get-qpe-secret', '/pages/sim/get-qpe-secret', 'route.get-qpe-secret'),
  route('customize-qpe-secret', '/pages/sim/customize-qpe-secret', 'route.customize-qpe-secret'),
  // Login
  route('login-regular', '/pages/login/regular', 'route.login-regular'),
  route('login-reseller', '/pages/login/reseller', 'route.login-reseller'),
  // Forgot password: a code to the phone or email sets a new one.
  route('forgot-password', '/pages/login/forgot-password', 'route.forgot-password'),
  // WeChat sign-in: inside WeChat's browser, through the official account.
  route('login-wechat', '/pages/login/wechat', 'route.login-wechat'),
  // A WeChat mini program (`mp` links): opened inside WeChat, explained with a QR code elsewhere.
  route('wechat-mp', '/pages/wechat/mp', 'route.wechat-mp'),
  route('wechat-link', '/pages/wechat/link', 'route.wechat-link', { auth: true }),
  // Error
  route('not-found', '/pages/error/404', 'route.not-found'),
  // Common
  route('esim-search', '/pages/common/esim-search', 'route.esim-search'),
  route('esim-self-adder', '/pages/common/esim-self-adder', 'route.esim-self-adder'),
  // My ECode
  route('ecode', '/pages/ecode/index', 'route.ecode', { auth: true, reseller: true }),
  // Manage eSIM
  route('esim-manage', '/pages/esim/index', 'route.esim-manage', { auth: true, reseller: true }),
  // API keys for the reseller API (Mine → API)
  route('api-keys', '/pages/mine/api', 'route.api-keys', { auth: true, reseller: true }),
  route('webhooks', '/pages/mine/api/webhooks', 'route.webhooks', { auth: true, reseller: true }),
  // The AI assistants a customer approved through the MCP server's consent page.
  route('assistants', '/pages/mine/assistants', 'route.assistants', { auth: true }),
  // Messages with the shop: the spec names the reseller endpoint but no page; ours sits with the other mine pages (docs/decisions.md); every signed-in customer has one.
  route('messages', '/pages/mine/message/message', 'route.messages', { auth: true }),
  // Coupons: my coupons and the ones to claim.
  route('coupon', '/pages/coupon/index', 'route.coupon', { auth: true }),
  // Blog and physical stores.
  route('blog', '/pages/blog/index', 'route.blog'),
  route('blog-detail', '/pages/blog/detail', 'route.blog-detail'),
  route('store', '/pages/store/index', 'route.store'),
  route('store-detail', '/pages/store/detail', 'route.store-detail'),
  // Merchants: a merchant's shop page and the application to open one.
  route('shop', '/pages/shop/index', 'route.shop'),
  route('shop-apply', '/pages/shop/apply', 'route.shop-apply', { auth: true }),
  // Applying to become a reseller, and the answer.
  route('reseller-apply', RESELLER_APPLY_PAGE_PATH, 'route.reseller-apply', { auth: true }),
  // Tools plugin: the list, and one page per tool of the registry (features/tools/README.md).
  route('tools', '/pages/tools/index', 'route.tools'),
  ...TOOLS.map((tool) => route(`tool-${tool.id}` as const, tool.route, `route.tool-${tool.id}`)),
] as const;

export type RouteName = (typeof ROUTES)[number]['name'];

const byName = Object.fromEntries(ROUTES.map((r) => [r.name, r])) as Record<RouteName, RouteDef>;

/**
 * Named shortcuts. `login` is the spec's plain "login" shortcut: the regular login page.
 * `paths.home.getHref()` etc.
 */
export const paths: Readonly<Record<RouteName | 'login', RouteDef>> = {
  ...byName,
  login: { ...byName['login-regular'], name: 'login' },
};

export type ShortcutName = keyof typeof paths;

/** The four tab pages in tab-bar order; the cart (index 1) carries the badge. */
export const TAB_ROUTES: readonly RouteDef[] = [paths.home, paths.cart, paths.order, paths.mine];
export const CART_TAB_INDEX = 1;

const byPath = new Map<string, RouteDef>(ROUTES.map((r) => [r.path, r]));

/** Strips the basename and a trailing slash: `/uni/pages/x/` → `/pages/x`; `/uni` → `/`. */
export function stripBasename(pathname: string): string {
  let p = pathname;
  if (p === BASENAME || p.startsWith(`${BASENAME}/`)) p = p.slice(BASENAME.length) || '/';
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p || '/';
}

/** The route at a pathname (with or without the basename); the root `/` is home, `/esim/japan` a destination's page. */
export function findRouteByPath(pathname: string): RouteDef | undefined {
  const p = stripBasename(pathname);
  if (p === '/') return paths.home;
  return byPath.get(p) ?? (destinationOfPath(p) ? paths.destination : undefined);
}

export function findRouteByName(name: string): RouteDef | undefined {
  return Object.hasOwn(paths, name) ? paths[name as ShortcutName] : undefined;
}

export function isTabPath(pathname: string): boolean {
  return findRouteByPath(pathname)?.tab === true;
}
