import type { ActionName, EndpointName, RequestOf, ResponseOf } from './api.ts';

/**
 * The answers to a shop page's first calls, written by the server into the page's HTML:
 * a goods page carries its product, home its content block, so the app draws them with its first
 * render instead of a round trip later (on a phone's network, most of the page's Largest
 * Contentful Paint). Each is exactly the `data` the call would have answered, for a signed-out
 * customer; the app takes one only for the same call (endpoint, action, body), once, and only
 * while fresh — a page the service worker saved for offline use asks again.
 */
export const FIRST_ANSWERS_ELEMENT_ID = 'simshop-first-answers';
export const FIRST_ANSWERS_FRESH_MS = 60_000;

/** The page of the catalogue the shop's home (and a label's page) lists, and home's HTML carries. */
export const SHOP_PRODUCT_PAGE = { page: 1, size: 50 } as const;

export interface FirstAnswer<E extends EndpointName = EndpointName, A extends ActionName<E> = ActionName<E>> {
  endpoint: E;
  action: A;
  body: RequestOf<E, A>;
  data: ResponseOf<E, A>;
  /** The page's query that asked for it, when the server drew the page (server-render.ts `ShopCall`). */
  key?: readonly unknown[];
  paged?: boolean;
}

export interface FirstAnswers {
  /** When the server wrote them (ms since the epoch). */
  at: number;
  answers: FirstAnswer[];
}

/** One answer, typed by its call (TypeScript checks the body and the data against the contract). */
export function firstAnswer<E extends EndpointName, A extends ActionName<E>>(endpoint: E, action: A, body: RequestOf<E, A>, data: ResponseOf<E, A>): FirstAnswer {
  return { endpoint, action, body, data } as unknown as FirstAnswer;
}
