import type { ComponentType } from 'react';
import { DESTINATION_PAGES_PATH, LIMITS, parseImageString } from '@simshop/contract';
import { runtime } from '@/config/runtime';
import { BASENAME, ROUTES, paths } from '@/config/paths';
import type { RouteDef, RouteName } from '@/config/paths';
import { i18n, languageNow, pageTextsReady } from '@/i18n';
import { queryClient } from '@/lib/query-client';
import { endpointKey } from '@/lib/endpoint-query';
import { seedPageAnswers } from '@/lib/first-answers';
import { homeContentQueryOptions, seedHomeContent } from '@/features/home/api/get-home-content';
import { productListQuery, seedProductList } from '@/features/catalogue/api/list-products';
import { labelListQuery } from '@/features/labels/api/list-labels';
import { productDetailQuery, seedProductDetail } from '@/features/catalogue/api/get-product';
import { currencyNow } from '@/lib/currency';
import { productReviewsQuery } from '@/features/reviews/api/product-reviews';
import { claimableCouponsQuery, seedClaimableCoupons } from '@/features/coupons/api/claimable-coupons';
import { getSession } from '@/lib/session';
import { configurePageOpener } from '@/lib/open-page';
import { browserHistory, createRouter, windowScroll } from '@/lib/router';
import type { RouteEntry, Router } from '@/lib/router';
import { toolPages } from '@/features/tools/tool-pages';

type PageModule = () => Promise<ComponentType>;

/** Every route of the spec has its page: the type makes a route without one a compile error. */
const pages: Record<RouteName, PageModule> = {
  home: () => import('@/features/home/pages/home-page').then((m) => m.HomePage),
  mine: () => import('@/features/mine/pages/mine-page').then((m) => m.MinePage),
  'web-external': () => import('@/features/web-external/pages/external-page').then((m) => m.ExternalPage),
  'not-found': () => import('@/features/misc/pages/not-found-page').then((m) => m.NotFoundPage),
  contact: () => import('@/features/help/pages/contact-page').then((m) => m.ContactPage),
  'login-regular': () => import('@/features/accounts/pages/login-page').then((m) => m.RegularLoginPage),
  'login-reseller': () => import('@/features/accounts/pages/login-page').then((m) => m.ResellerLoginPage),
  'forgot-password': () => import('@/features/accounts/pages/forgot-password-page').then((m) => m.ForgotPasswordPage),
  'modify-passwd': () => import('@/features/accounts/pages/modify-password-page').then((m) => m.ModifyPasswordPage),
  'bind-tel': () => import('@/features/accounts/pages/bind-contact-page').then((m) => m.BindTelPage),
  'bind-email': () => import('@/features/accounts/pages/bind-contact-page').then((m) => m.BindEmailPage),
  'user-info': () => import('@/features/accounts/pages/user-info-page').then((m) => m.UserInfoPage),
  'user-info-edit': () => import('@/features/accounts/pages/user-info-edit-page').then((m) => m.UserInfoEditPage),
  goods: () => import('@/features/catalogue/pages/goods-page').then((m) => m.GoodsPage),
  'goods-notes': () => import('@/features/catalogue/pages/goods-notes-page').then((m) => m.GoodsNotesPage),
  destination: () => import('@/features/destinations/pages/destination-page').then((m) => m.DestinationPage),
  label: () => import('@/features/labels/pages/label-page').then((m) => m.LabelPage),
  'review-write': () => import('@/features/reviews/pages/write-review-page').then((m) => m.WriteReviewPage),
  cart: () => import('@/features/cart/pages/cart-page').then((m) => m.CartPage),
  address: () => import('@/features/addresses/pages/address-list-page').then((m) => m.AddressListPage),
  'address-edit': () => import('@/features/addresses/pages/address-edit-page').then((m) => m.AddressEditPage),
  order: () => import('@/features/orders/pages/order-list-page').then((m) => m.OrderListPage),
  'order-detail': () => import('@/features/orders/pages/order-detail-page').then((m) => m.OrderDetailPage),
  'order-create': () => import('@/features/orders/pages/order-create-page').then((m) => m.OrderCreatePage),
  coupon: () => import('@/features/coupons/pages/coupon-page').then((m) => m.CouponPage),
  'order-pay': () => import('@/features/orders/pages/order-pay-page').then((m) => m.OrderPayPage),
  'payment-notice': () => import('@/features/orders/pages/payment-notice-page').then((m) => m.PaymentNoticePage),
  'order-refund': () => import('@/features/orders/pages/order-refund-page').then((m) => m.OrderRefundPage),
  'order-address': () => import('@/features/orders/pages/order-address-page').then((m) => m.OrderAddressPage),
  'order-wepay': () => import('@/features/orders/pages/order-wepay-page').then((m) => m.OrderWepayPage),
  esim: () => import('@/features/esim/pages/esim-list-page').then((m) => m.EsimListPage),
  'esim-detail': () => import('@/features/esim/pages/esim-detail-page').then((m) => m.EsimDetailPage),
  'esim-search': () => import('@/features/esim/pages/esim-search-page').then((m) => m.EsimSearchPage),
  'esim-self-adder': () => import('@/features/esim/pages/esim-self-adder-page').then((m) => m.EsimSelfAdderPage),
  device: () => import('@/features/devices/pages/device-list-page').then((m) => m.DeviceListPage),
  'device-cu': () => import('@/features/devices/pages/device-detail-page').then((m) => m.DeviceDetailPage),
  'device-cm': () => import('@/features/devices/pages/device-detail-page').then((m) => m.DeviceDetailPage),
  'recharge-list': () => import('@/features/devices/pages/recharge-list-page').then((m) => m.RechargeListPage),
  'roam-usage-list': () => import('@/features/devices/pages/roaming-page').then((m) => m.RoamingPage),
  supsim: () => import('@/features/supsim/pages/supsim-list-page').then((m) => m.SupsimListPage),
  'supsim-detail': () => import('@/features/supsim/pages/supsim-detail-page').then((m) => m.SupsimDetailPage),
  'esim-manage': () => import('@/features/reseller-esim/pages/esim-manage-page').then((m) => m.EsimManagePage),
  ecode: () => import('@/features/ecode/pages/ecode-page').then((m) => m.EcodePage),
  'qpe-customize': () => import('@/features/ecode/pages/qpe-page').then((m) => m.QpeCustomizeRoute),
  'longkese-custom': () => import('@/features/ecode/pages/qpe-page').then((m) => m.LongkeseCustomRoute),
  'customize-qpe-secret': () => import('@/features/ecode/pages/qpe-page').then((m) => m.CustomizeQpeSecretRoute),
  'qpe-fetch': () => import('@/features/ecode/pages/qpe-page').then((m) => m.QpeFetchRoute),
  'longkese-fetch': () => import('@/features/ecode/pages/qpe-page').then((m) => m.LongkeseFetchRoute),
  'get-qpe-secret': () => import('@/features/ecode/pages/qpe-page').then((m) => m.GetQpeSecretRoute),
  messages: () => import('@/features/messages/pages/messages-page').then((m) => m.MessagesPage),
  tutorial: () => import('@/features/articles/pages/tutorial-list-page').then((m) => m.TutorialListPage),
  'tutorial-detail': () => import('@/features/articles/pages/tutorial-detail-page').then((m) => m.TutorialDetailPage),
  blog: () => import('@/features/blog/pages/blog-list-page').then((m) => m.BlogListPage),
  'blog-detail': () => import('@/features/blog/pages/blog-detail-page').then((m) => m.BlogDetailPage),
  store: () => import('@/features/stores/pages/store-list-page').then((m) => m.StoreListPage),
  'store-detail': () => import('@/features/stores/pages/store-detail-page').then((m) => m.StoreDetailPage),
  shop: () => import('@/features/merchants/pages/shop-page').then((m) => m.ShopPage),
  'shop-apply': () => import('@/features/merchants/pages/apply-page').then((m) => m.ApplyPage),
  'my-data': () => import('@/features/my-data/pages/my-data-page').then((m) => m.MyDataPage),
  'api-keys': () => import('@/features/api-keys/pages/api-keys-page').then((m) => m.ApiKeysPage),
  webhooks: () => import('@/features/webhooks/pages/webhooks-page').then((m) => m.WebhooksPage),
  assistants: () => import('@/features/assistants/pages/assistants-page').then((m) => m.AssistantsPage),
  'reseller-apply': () => import('@/features/reseller-application/pages/reseller-apply-page').then((m) => m.ResellerApplyPage),
  tools: () => import('@/features/tools/pages/tools-page').then((m) => m.ToolsPage),
  'login-wechat': () => import('@/features/wechat/pages/wechat-login-page').then((m) => m.WechatLoginPage),
  'wechat-mp': () => import('@/features/wechat/pages/mini-program-page').then((m) => m.MiniProgramPage),
  'wechat-link': () => import('@/features/wechat/pages/wechat-link-page').then((m) => m.WechatLinkPage),
  ...toolPages,
};

/** SPEC §9: a page chunk that has not arrived after 120 s is a failure, not an endless wait. */
function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('page chunk timed out')), LIMITS.lazyChunkTimeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * What a page asks the server for first, started by its route's loader together with its chunk
 * and texts rather than once it has rendered (on a phone's network the home's content
 * came a round trip late). The page's own queries then find it in the cache (or in flight) under
 * the same keys; nothing waits for it here. Home's content and a goods page's product usually
 * came with the page's HTML (lib/first-answers.ts) and are not asked for again.
 */
const firstData: Partial<Record<RouteName, (url: URL) => void>> = {
  home: (url) => {
    // The console's preview shows a draft instead (its own query).
    if (url.searchParams.has('preview')) return;
    const lang = languageNow();
    if (!seedHomeContent(queryClient, lang)) void queryClient.prefetchQuery(homeContentQueryOptions(lang));
    if (!seedProductList(queryClient, lang, getSession().reseller, currencyNow())) void queryClient.prefetchQuery(productListQuery(undefined, lang, currencyNow()));
    void queryClient.prefetchQuery(labelListQuery(lang));
  },
  goods: (url) => {
    const id = Number(url.searchParams.get('id'));
    if (!(id > 0)) return;
    const session = getSession();
    const detail = productDetailQuery(id, languageNow(), session.reseller, currencyNow());
    // The product's first picture heads the page and is Lighthouse's LCP element there: its
    // download starts as soon as the product is known, not once the page's code has arrived and
    // drawn it (the <img> then finds it in the browser's image cache). With the product in the
    // HTML, the HTML preloads it.
    if (!seedProductDetail(queryClient, id, languageNow(), session.reseller, currencyNow())) void queryClient.prefetchQuery(detail).then(() => {
      const product = queryClient.getQueryData(detail.queryKey);
      const first = product ? parseImageString(product.images, runtime.staticHost)[0] : undefined;
      if (first) Object.assign(new Image(), { fetchPriority: 'high', src: first });
    });
    void queryClient.prefetchQuery(productReviewsQuery(id));
    // Its coupon card is often the largest text on the first screen (Lighthouse's LCP element).
    const coupons = { i18n: languageNow(), productId: id };
    if (!seedClaimableCoupons(queryClient, coupons, session.loggedIn)) void queryClient.prefetchQuery(claimableCouponsQuery(coupons, session.loggedIn));
  },
};

function lazyPage(route: RouteDef): RouteEntry['load'] {
  // A page and its texts arrive together, so it never shows a raw translation key.
  const built = () => Promise.all([pages[route.name as RouteName](), pageTextsReady]).then(([Page]) => Page);
  if (!route.auth) return () => withTimeout(built());
  // A page that needs a signed-in user gets the sign-in prompt in front of it.
  return async () => {
    const [{ RequireAuth }, Page] = await withTimeout(Promise.all([import('@/components/require-auth'), built()]));
    const Guarded = () => (
      <RequireAuth route={route}>
        <Page />
      </RequireAuth>
    );
    return Guarded;
  };
}

function entry(path: string, route: RouteDef): RouteEntry {
  return { path, load: lazyPage(route), prefetch: firstData[route.name as RouteName] };
}

/** Every route lazy-loaded, so the first screen carries only the shell and the tab bar. */
export const routes: RouteEntry[] = [
  // The root shows home (SPEC §2 "Home (also the root /)").
  entry('/', paths.home),
  ...ROUTES.map((route) => entry(route.path, route)),
  // A destination's page at its own address (`/esim/japan`), as well as the SPEC's query form.
  entry(`${DESTINATION_PAGES_PATH}/*`, paths.destination),
  // Unknown routes show the 404 page in place, keeping the address the user typed.
  entry('*', paths['not-found']),
];

let router: Router | undefined;

/**
 * The shop's router, made on first use: creating it starts the first page's requests, so
 * main.tsx does it in a task of its own, between loading the code and the first render.
 */
export function appRouter(): Router {
  if (!router) {
    // Every answer the page's HTML came with (the server drew the page from them) is where its queries look.
    seedPageAnswers(queryClient, (endpoint, action, body) => endpointKey(endpoint as never, action as never, body as never));
    router = createRouter(routes, { basename: BASENAME, history: browserHistory(), scroll: windowScroll() });
  }
  return router;
}

/** The page opener navigates through this router and reports through the toasts. */
configurePageOpener({
  navigate: (path, options) => void appRouter().navigate(path, options),
  location: () => appRouter().getState().location,
  userAgent: () => navigator.userAgent,
  openWindow: (url) => {
    const opened = window.open(url, '_blank');
    // 'noopener' in the features would make window.open return null even on success.
    if (opened) opened.opener = null;
    return opened !== null;
  },
  // Toasts pull in the animation library; the shell loads them only when there is news.
  notify: (key) => {
    void import('@/lib/toast').then(({ toast }) => toast.error(i18n.t(key)));
  },
  download: (file) => {
    void import('@/lib/download').then((m) => m.downloadFile(file));
  },
});
