import { describe, expect, it } from 'vitest';
import { CART_TAB_INDEX, ROUTES, TAB_ROUTES, buildQuery, findRouteByName, findRouteByPath, isTabPath, paths, stripBasename } from './paths';

describe('route table', () => {
  it('has every route of SPEC §2 once', () => {
    const spec = [
      '/pages/index/index', '/pages/shop-cart', '/pages/order/index', '/pages/mine/index',
      '/pages/goods/goods', '/pages/goods/goods-notes', '/pages/web/external',
      '/pages/mine/device/device', '/pages/mine/device/device-cu', '/pages/mine/device/device-cm', '/pages/mine/device/recharge-list', '/pages/mine/device/roam-usage-list',
      '/pages/mine/esim/esim', '/pages/mine/esim/esim-detail', '/pages/mine/supsim/supsim', '/pages/mine/supsim/supsim-detail',
      '/pages/mine/address/address', '/pages/mine/address/address-edit',
      '/pages/mine/bind-tel', '/pages/mine/bind-email', '/pages/mine/modify-passwd', '/pages/mine/user-info', '/pages/mine/user-info-edit',
      '/pages/mine/qpe/qpe-customize', '/pages/mine/qpe/qpe-fetch', '/pages/mine/qpe/customized/longkese-custom', '/pages/mine/qpe/customized/longkese-fetch',
      '/pages/mine/contact/contact', '/pages/mine/tutorial/tutorial', '/pages/mine/tutorial/tutorial-detail',
      '/pages/order/order-detail', '/pages/order/order-address', '/pages/order/order-refund', '/pages/order/order-create', '/pages/order/order-pay', '/pages/order/order-wepay', '/pages/order/payment-notice',
      '/pages/sim/get-qpe-secret', '/pages/sim/customize-qpe-secret', '/pages/login/regular', '/pages/login/reseller', '/pages/error/404',
      '/pages/common/esim-search', '/pages/common/esim-self-adder', '/pages/ecode/index', '/pages/esim/index',
    ];
    // Beyond the spec: the reseller messages page (docs/decisions.md).
    const ours = ['/pages/mine/message/message'];
    // My coupons.
    ours.push('/pages/coupon/index');
    // A label's products, writing a review.
    ours.push('/pages/label/index', '/pages/review/write');
    // The blog and the stores.
    ours.push('/pages/blog/index', '/pages/blog/detail', '/pages/store/index', '/pages/store/detail');
    // The tools plugin, one page per tool.
    ours.push('/pages/login/wechat', '/pages/wechat/mp', '/pages/wechat/link');
    ours.push('/pages/tools/index', '/pages/tools/esim-check', '/pages/tools/number-check', '/pages/tools/data-estimator', '/pages/tools/apn');
    // Destination search results, forgot password.
    ours.push('/pages/goods/destination', '/pages/login/forgot-password');
    // A merchant's shop page, applying to open a shop.
    ours.push('/pages/shop/index', '/pages/shop/apply');
    // Applying to become a reseller (SPEC §6 names only the instant reseller account).
    ours.push('/pages/mine/reseller-apply');
    // My data: the customer's export and deleting the account.
    ours.push('/pages/mine/my-data');
    // A reseller's API keys and webhooks; the assistants a customer let act for them.
    ours.push('/pages/mine/api', '/pages/mine/api/webhooks', '/pages/mine/assistants');
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...spec, ...ours].sort());
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });

  it('has the named shortcuts the spec mentions', () => {
    expect(paths.home.path).toBe('/pages/index/index');
    expect(paths.cart.path).toBe('/pages/shop-cart');
    expect(paths.login.path).toBe('/pages/login/regular');
    expect(paths['login-regular'].path).toBe('/pages/login/regular');
    expect(paths['login-reseller'].path).toBe('/pages/login/reseller');
    expect(paths.order.path).toBe('/pages/order/index');
    expect(paths.goods.getHref({ id: 3 })).toBe('/pages/goods/goods?id=3');
    expect(paths['web-external'].getHref({ url: 'https://a.b/?c=d', target: '' })).toBe('/pages/web/external?url=https%3A%2F%2Fa.b%2F%3Fc%3Dd');
    expect(paths.mine.path).toBe('/pages/mine/index');
  });

  it('has the four tabs in order with the badge on the cart', () => {
    expect(TAB_ROUTES.map((r) => r.name)).toEqual(['home', 'cart', 'order', 'mine']);
    expect(TAB_ROUTES[CART_TAB_INDEX]?.name).toBe('cart');
    expect(isTabPath('/uni/')).toBe(true);
    expect(isTabPath('/pages/goods/goods')).toBe(false);
  });

  it('finds routes by path or name', () => {
    expect(stripBasename('/uni/pages/mine/index/')).toBe('/pages/mine/index');
    expect(stripBasename('/uni')).toBe('/');
    expect(stripBasename('/unicorn')).toBe('/unicorn');
    expect(findRouteByPath('/')?.name).toBe('home');
    expect(findRouteByPath('/uni/pages/shop-cart')?.name).toBe('cart');
    expect(findRouteByPath('/pages/nope')).toBeUndefined();
    expect(findRouteByName('contact')?.path).toBe('/pages/mine/contact/contact');
    expect(findRouteByName('constructor')).toBeUndefined();
    expect(buildQuery({ a: 1, b: '', c: null, d: undefined, e: true })).toBe('?a=1&e=true');
  });
});
