import type { Currency } from './currency.ts';
import type { ActionName, EndpointName } from './api.ts';
import type { FirstAnswer } from './first-answers.ts';
import type { Language } from './language.ts';

/**
 * The shop's public pages are drawn on the server by the shop's own code (apps/web
 * `entry-server.tsx`, built beside the app into `server/`), from the same answers the page's HTML
 * carries, so the page reads without JavaScript and the app takes the HTML over (hydrates) instead
 * of drawing it again.
 */
export const SHOP_RENDERER_FILE = 'server/entry-server.js';

/** A call a page makes as it is drawn, and the query that waits for it. */
export interface ShopCall {
  endpoint: string;
  action: string;
  body: unknown;
  /** The waiting query's key: the call, sometimes with what else tells its answers apart (a reseller's prices). */
  key?: readonly unknown[];
  /** The query reads a list page by page: the answer is its first page. */
  paged?: boolean;
}

/**
 * The reads the server answers for a page it draws, in its own process, as a signed-out
 * customer's: the public pages' content. Nothing that writes or spends (sign-in, codes, proof of
 * work), nothing of a signed-in customer's.
 */
export const SERVER_DRAWN_READS: { readonly [E in EndpointName]?: readonly ActionName<E>[] } = {
  product: ['list', 'detail', 'alternatives', 'comments'],
  coupon: ['claimable'],
  jsonContent: ['get_cache'],
  label: ['list', 'detail'],
  article: ['list', 'detail'],
  blog: ['list', 'detail'],
  store: ['list', 'detail'],
  merchant: ['list', 'detail'],
  tools: ['list', 'plans', 'apn'],
  shopSettings: ['contact'],
};

/** The calls a page drawing may have answered on the server. */
export function serverDrawnRead(call: ShopCall): boolean {
  const actions = (SERVER_DRAWN_READS as Record<string, readonly string[] | undefined>)[call.endpoint];
  return actions?.includes(call.action) ?? false;
}

/** One page to draw. */
export interface ShopRenderInput {
  /** The page's address below the shop's base, with its query: `/pages/goods/goods?id=3`. */
  path: string;
  language: Language;
  /** The currency a signed-out reader of this language sees prices in. */
  currency: Currency;
  /** Exactly the answers written into the page (first-answers.ts). */
  answers: FirstAnswer[];
  /** What the page's `window.__SIMSHOP__` holds that drawing needs (the static host, card payments). */
  config: Record<string, string>;
  /** Answers the calls the page made while drawn that `answers` did not answer (serverDrawnRead ones only). */
  answer(calls: ShopCall[]): Promise<FirstAnswer[]>;
}

/** A drawn page: its markup, whether it is "not found", and every answer it was drawn from (the page's HTML carries them). */
export interface ShopRenderOutput {
  markup: string;
  notFound: boolean;
  answers: FirstAnswer[];
}

export interface ShopRenderer {
  /**
   * The markup inside `#root`, and whether it is the shop's "not found" page; null for a page the
   * server does not draw (one that needs a signed-in customer, sign-in, checkout).
   */
  renderShopPage(input: ShopRenderInput): Promise<ShopRenderOutput | null>;
}

/**
 * What the server drew, on `#root`: the app takes the HTML over only when it would draw the same
 * (a signed-out reader in that language and currency, at that address, with fresh answers), and
 * draws afresh otherwise.
 */
export const SERVER_RENDER_ATTRIBUTES = { language: 'data-ssr-language', currency: 'data-ssr-currency', path: 'data-ssr-path' } as const;

/**
 * A tap on a control of a server-drawn page before the app has taken it over would do nothing:
 * this script (inline, first in the page, in its Content-Security-Policy by hash) keeps such taps
 * (and Enter or Space on a focused button), and the app clicks the same controls again once it has
 * taken the page over (apps/web `lib/early-taps.ts`), as Angular's event replay does. Links are
 * left alone: without the app they still go to their page.
 */
export const EARLY_TAPS_SCRIPT =
  "window.__simshopEarlyTaps=[];addEventListener('click',function(e){var t=e.target;if(window.__simshopEarlyTaps===null||!(t instanceof Element))return;if(t.closest('a[href]'))return;var c=t.closest('button,input,select,label,summary,[role=button],[role=tab],[role=switch],[role=checkbox],[role=radio],[tabindex]');if(!c)return;e.preventDefault();window.__simshopEarlyTaps.push(c)},true)";
