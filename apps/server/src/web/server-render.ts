import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_RENDER_ATTRIBUTES, SHOP_RENDERER_FILE, type FirstAnswer, type ShopRenderInput, type ShopRenderer } from '@simshop/contract';

/** A page the shop's own code drew on the server (contract server-render.ts). */
export interface DrawnPage {
  /** `#root` with the page in it and what it was drawn for. */
  root: string;
  /** The page is the shop's "not found": its answer is a 404. */
  notFound: boolean;
  /** Every answer it was drawn from: the page's HTML carries them, so the app draws the same. */
  answers: FirstAnswer[];
}

export type PageDrawer = (input: ShopRenderInput) => Promise<DrawnPage | null>;

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
  return async (input) => {
    try {
      renderer ??= import(pathToFileURL(file).href) as Promise<ShopRenderer>;
      const drawn = await (await renderer).renderShopPage(input);
      if (drawn === null) return null;
      const attributes = `${SERVER_RENDER_ATTRIBUTES.language}="${input.language}" ${SERVER_RENDER_ATTRIBUTES.currency}="${input.currency}" ${SERVER_RENDER_ATTRIBUTES.path}="${escapeAttribute(input.path)}"`;
      return { root: `<div id="root" ${attributes}>${drawn.markup}</div>`, notFound: drawn.notFound, answers: drawn.answers };
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

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
