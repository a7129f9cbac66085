import { HOME_BANNER_RATIO, HOME_BANNER_SIZES, HOME_BLOCK, PAGE_IMAGE_SIZES, SHOP_PRODUCT_PAGE, currencyForLanguage, firstAnswer, firstImageUrl, mediaSrcSetOf, parseImageString, slotImageUrl, type FirstAnswer, type LandingPage, type Language } from '@simshop/contract';
import type { Executor } from '../db/database.ts';
import { listProducts, productDetail } from '../modules/catalogue/catalogue.service.ts';
import { claimableCoupons } from '../modules/coupons/coupon.service.ts';
import { getContent } from '../modules/content/content.service.ts';
import { escapeAttribute } from './page-meta.ts';

/** What a shop page's HTML carries ahead of its app: its first calls' answers, and the picture its first screen paints largest. */
export interface PageHead {
  answers: FirstAnswer[];
  picture?: string | undefined;
  /** The picture's drawn width when it is a media library picture (its preload then names the srcset too). */
  pictureSizes?: string | undefined;
}

/**
 * The head start the address alone allows: home gets its content block, the catalogue and its
 * first banner, a goods page its product, its coupons and its first picture, both as a signed-out customer sees them
 * (contract `first-answers.ts`). Each picture is the address the page itself draws (the same
 * helpers), so the browser uses the preloaded copy. Nothing for any other page, a product that is
 * not on sale, the console's draft preview, or when a lookup fails: this is only ever a head
 * start, never a reason for the page not to load.
 */
export async function pageHeadOf(db: Executor, page: LandingPage | undefined, url: URL, lang: Language, options: { staticHost: string; previewSecret: string; now: number }): Promise<PageHead | undefined> {
  try {
    if (page === 'home') {
      if (url.searchParams.has('preview')) return undefined;
      const body = { ...HOME_BLOCK, i18n: lang };
      // Home draws its body once it has both its content and the catalogue (its destination search).
      const list = { ...SHOP_PRODUCT_PAGE, i18n: lang, currency: currencyForLanguage(lang) };
      const [block, products] = await Promise.all([getContent(db, body, options), listProducts(db, list, lang, false, list.currency)]);
      const banners = (block.content as { banners?: Array<{ image?: string }> } | null)?.banners;
      return {
        answers: [firstAnswer('jsonContent', 'get_cache', body, block), firstAnswer('product', 'list', list, products)],
        picture: slotImageUrl(Array.isArray(banners) ? banners[0]?.image : undefined, HOME_BANNER_RATIO, (v) => firstImageUrl(v, options.staticHost)),
        pictureSizes: HOME_BANNER_SIZES,
      };
    }
    if (page === 'goods') {
      const id = Number(url.searchParams.get('id'));
      if (!Number.isSafeInteger(id) || id <= 0) return undefined;
      // The page waits for its coupon card as well as the product (no layout shift when it comes).
      const [product, coupons] = await Promise.all([productDetail(db, id, lang, false, currencyForLanguage(lang)), claimableCoupons(db, null, id, lang, options.now)]);
      return {
        answers: [firstAnswer('product', 'detail', { id, i18n: lang, currency: currencyForLanguage(lang) }, product), firstAnswer('coupon', 'claimable', { i18n: lang, productId: id }, coupons)],
        picture: parseImageString(product.images, options.staticHost)[0],
        pictureSizes: PAGE_IMAGE_SIZES,
      };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * The head's markup: the answers as a JSON data block (never run, so the page's
 * Content-Security-Policy is unchanged; `<` escaped so nothing in it closes the element), and
 * the picture's preload. The preload has the default priority of a picture and goes after the
 * app's scripts and styles: over HTTP/1.1 a browser opens six connections to a host, and a
 * picture ahead of them made the app's code a round trip late (measured at a phone's speed).
 */
export function pageHeadMarkup(head: PageHead, elementId: string, now: number): string {
  const json = JSON.stringify({ at: now, answers: head.answers }).replace(/</g, '\\u003c');
  // A media library picture is drawn from its srcset: the preload names the same candidates, so the browser fetches one.
  const srcSet = mediaSrcSetOf(head.picture);
  const candidates = srcSet ? ` imagesrcset="${escapeAttribute(srcSet)}" imagesizes="${escapeAttribute(head.pictureSizes ?? PAGE_IMAGE_SIZES)}"` : '';
  const preload = head.picture ? `<link rel="preload" as="image" href="${escapeAttribute(head.picture)}"${candidates}>` : '';
  return `<script type="application/json" id="${elementId}">${json}</script>${preload}`;
}

