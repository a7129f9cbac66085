import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LRUCache } from 'lru-cache';
import { SERVER_RENDER_ATTRIBUTES, SHOP_RENDERER_FILE, type FirstAnswer, type ShopCall, type ShopRenderInput, type ShopRenderer } from '@simshop/contract';
import { escapeAttribute } from './page-meta.ts';

/** A page the shop's own code drew on the server (contract server-render.ts). */
export interface DrawnPage {
  /** `#root` with the page in it and what it was drawn for. */
  root: string;
  /** The page is the shop's "not found": its answer is a 404. */
  notFound: boolean;
  /** Every answer it was drawn from: the page's HTML carries them, so the app draws the same. */
  answers: FirstAnswer[];
  /** A digest of `answers`, made once: the page's validator is made from it too. */
  answersDigest: string;
}

export type PageDrawer = (input: ShopRenderInput) => Promise<DrawnPage | null>;

/**
 * A page is drawn again only when what it was drawn from changed: the calls its last drawing
 * asked for are answered again (as they are for every page anyway) and, when every answer is
 * the same, its markup is the same. Drawn again at least every minute, for what a page says of
 * the time (a store open now, "2 days ago"). Per process: a cache, not state another needs.
 */
const DRAWN_MAX_AGE_MS = 60_000;

interface Drawing {
  page: DrawnPage;
  /** The calls the drawing asked for beyond the answers it was given. */
  calls: ShopCall[];
}

export const digestOf = (answers: readonly FirstAnswer[] | null) => createHash('sha256').update(JSON.stringify(answers)).digest('base64url');

/**
 * The drawer of the shop built into `dist` (`server/entry-server.js`, apps/web `vite build
 * --ssr`), loaded on first use; null without one (a build without it, the API tests' stand-in
 * app): the page then goes out as the app's shell, as before. A page the renderer fails on goes
 * out the same way, reported once per kind of failure: the app still draws it in the browser.
 */
export function pageDrawer(dist: string, report: (error: unknown) => void): PageDrawer | null {
  const file = join(dist, SHOP_RENDERER_FILE);
  if (!existsSync(file)) return null;
  let renderer: Promise<ShopRenderer> | undefined;
  const reported = new Set<string>();
  const drawings = new LRUCache<string, Drawing>({ max: 2000, ttl: DRAWN_MAX_AGE_MS, maxSize: 64 * 1024 * 1024, sizeCalculation: (d) => d.page.root.length * 2 + 1 });
  return async (input) => {
    try {
      const key = `${input.language} ${input.currency} ${input.path}`;
      const known = drawings.get(key);
      if (known) {
        const answers = [...input.answers, ...(known.calls.length > 0 ? await input.answer(known.calls) : [])];
        if (digestOf(answers) === known.page.answersDigest) return { ...known.page, answers };
      }
      renderer ??= import(pathToFileURL(file).href) as Promise<ShopRenderer>;
      const drawn = await (await renderer).renderShopPage(input);
      if (drawn === null) return null;
      const attributes = `${SERVER_RENDER_ATTRIBUTES.language}="${input.language}" ${SERVER_RENDER_ATTRIBUTES.currency}="${input.currency}" ${SERVER_RENDER_ATTRIBUTES.path}="${escapeAttribute(input.path)}"`;
      const page = { root: `<div id="root" ${attributes}>${drawn.markup}</div>`, notFound: drawn.notFound, answers: drawn.answers, answersDigest: digestOf(drawn.answers) };
      const calls = drawn.answers.slice(input.answers.length).map(({ endpoint, action, body, key: queryKey, paged }) => ({ endpoint, action, body, key: queryKey, paged }));
      drawings.set(key, { page, calls });
      return page;
    } catch (error) {
      const kind = error instanceof Error ? error.message : String(error);
      if (!reported.has(kind)) {
        reported.add(kind);
        report(error);
      }
      return null;
    }
  };
}

/** The app's `#root` in its page template, with what the browser shows until the app runs. */
export const ROOT_ELEMENT = /<div id="root">[\s\S]*?<!--\/root-->\s*<\/div>/;

