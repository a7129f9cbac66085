import { DESTINATION_PAGES_PATH } from './destinations.ts';
import { GOODS_PAGE_PATH, HOME_PAGE_PATH } from './shop-pages.ts';

/**
 * What search engines and link previews may read of the shop (below its base, /uni/): the
 * public pages with the query parameters that name what they show (a page's canonical address
 * keeps those and drops the rest), and the private ones robots.txt keeps out. The shop's own
 * route table (apps/web config/paths.ts) has every page; these are the ones the server describes.
 */
export const SHOP_PUBLIC_PAGES = {
  home: { path: HOME_PAGE_PATH, keep: [] },
  goods: { path: GOODS_PAGE_PATH, keep: ['id'] },
  goodsNotes: { path: '/pages/goods/goods-notes', keep: ['id'] },
  destination: { path: '/pages/goods/destination', keep: ['country', 'region'] },
  label: { path: '/pages/label/index', keep: ['id'] },
  blog: { path: '/pages/blog/index', keep: ['category'] },
  blogPost: { path: '/pages/blog/detail', keep: ['id'] },
  stores: { path: '/pages/store/index', keep: [] },
  store: { path: '/pages/store/detail', keep: ['id'] },
  merchant: { path: '/pages/shop/index', keep: ['id'] },
  tutorials: { path: '/pages/mine/tutorial/tutorial', keep: [] },
  tutorial: { path: '/pages/mine/tutorial/tutorial-detail', keep: ['id'] },
  contact: { path: '/pages/mine/contact/contact', keep: [] },
  tools: { path: '/pages/tools/index', keep: [] },
} as const satisfies Record<string, { path: string; keep: readonly string[] }>;
export type ShopPublicPage = keyof typeof SHOP_PUBLIC_PAGES;

/** The public page a route below the base is (`/` is home, `/esim/japan` a destination's), if any. */
export function shopPublicPageOf(route: string): ShopPublicPage | undefined {
  const path = route === '/' ? HOME_PAGE_PATH : route.replace(/(.)\/$/, '$1');
  // Below /esim/ every address is a destination's page (one we do not know says so, kept out of search).
  if (path.startsWith(`${DESTINATION_PAGES_PATH}/`)) return 'destination';
  return (Object.keys(SHOP_PUBLIC_PAGES) as ShopPublicPage[]).find((page) => SHOP_PUBLIC_PAGES[page].path === path);
}

/**
 * Shows a page in one language without remembering it (`?lang=zh-Hans`): the language
 * alternates (hreflang) a search engine is given, and the console's preview of a draft.
 */
export const SHOP_LANGUAGE_PARAM = 'lang';

/**
 * Kept out of search engines (robots.txt, longest rule wins): what needs a signed-in customer or
 * a reseller (cart, orders and checkout, Mine, coupons, eSIM management, reviews), sign-in and the
 * secret pages, other sites' pages, and drafts previewed by staff. Tutorials and contact live
 * below Mine but are public.
 */
export const SHOP_PRIVATE_PAGES = {
  disallow: ['/pages/shop-cart', '/pages/order/', '/pages/mine/', '/pages/coupon/', '/pages/ecode/', '/pages/esim/', '/pages/review/', '/pages/shop/apply', '/pages/wechat/', '/pages/login/', '/pages/sim/', '/pages/web/', '/*preview='],
  allow: [SHOP_PUBLIC_PAGES.tutorials.path.replace(/[^/]+$/, ''), SHOP_PUBLIC_PAGES.contact.path.replace(/[^/]+$/, '')],
} as const;
