/**
 * The shop's home, goods and cart pages, below its base (/uni/): the shop's routes, the goods
 * links content resolves to, and the pages a first visit lands on (below).
 * A module of its own with no schema in it, so the shop's first screen can import it.
 */
export const HOME_PAGE_PATH = '/pages/index/index';
export const GOODS_PAGE_PATH = '/pages/goods/goods';
export const CART_PAGE_PATH = '/pages/shop-cart';
/** Applying to become a reseller, and the answer: the notices about a decision link to it. */
export const RESELLER_APPLY_PAGE_PATH = '/pages/mine/reseller-apply';

/** The content block home renders (json-content.do get_cache by name and version, one per language). */
export const HOME_BLOCK = { name: 'home', version: '1' } as const;

/**
 * The pages a first visit lands on: their HTML preloads their own code (the shop's build marks
 * those links with `data-page`, tools/vite-preload-chunks.ts); home's and a goods page's carry
 * their first answers too (first-answers.ts).
 */
export const LANDING_PAGES = { home: HOME_PAGE_PATH, goods: GOODS_PAGE_PATH, cart: CART_PAGE_PATH } as const;
export type LandingPage = keyof typeof LANDING_PAGES;

/** The landing page a route below the shop's base is (`/` is home), if any. */
export function landingPageOf(route: string): LandingPage | undefined {
  if (route === '/' || route === HOME_PAGE_PATH) return 'home';
  if (route === GOODS_PAGE_PATH) return 'goods';
  if (route === CART_PAGE_PATH) return 'cart';
  return undefined;
}
