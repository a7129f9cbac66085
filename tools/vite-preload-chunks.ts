import type { HtmlTagDescriptor, Plugin } from 'vite';
import { reachable } from './graph-walk.ts';

/** What a chunk of the bundle tells about itself: the page preloads read no more. */
export interface PreloadChunkFacts {
  fileName: string;
  name?: string | undefined;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  css: readonly string[];
}

/** Chunks, what they import statically (followed through every chunk), and their styles. */
function closure(chunks: ReadonlyMap<string, PreloadChunkFacts>, from: readonly string[]): { scripts: string[]; styles: string[] } {
  const scripts = reachable(from, (file) => chunks.get(file)?.imports).filter((file) => chunks.has(file));
  return { scripts, styles: [...new Set(scripts.flatMap((file) => chunks.get(file)!.css))] };
}

/**
 * The files a page's own code needs beyond what index.html loads already (the entry `index`
 * and what it imports): the chunks of the modules its route imports, their static imports, and
 * their styles, in the order the page asks for them.
 */
export function filesOfPage(chunks: readonly PreloadChunkFacts[], pageModules: readonly string[]): { scripts: string[]; styles: string[] } {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const pageFiles = pageModules.map((module) => {
    const chunk = chunks.find((c) => c.facadeModuleId !== null && c.facadeModuleId.replace(/\\/g, '/').endsWith(module.replace(/\\/g, '/')));
    if (!chunk) throw new Error(`preloadChunks: no chunk for the page module ${module}`);
    return chunk.fileName;
  });
  const loaded = closure(byFile, chunks.filter((c) => c.isEntry && c.name === 'index').map((c) => c.fileName));
  const own = closure(byFile, pageFiles);
  return { scripts: own.scripts.filter((f) => !loaded.scripts.includes(f)), styles: own.styles.filter((f) => !loaded.styles.includes(f)) };
}

export interface PreloadOptions {
  /** Chunks every first visit imports dynamically (the texts), by chunk name. */
  always: readonly string[];
  /** Of those, the ones of one language, marked `data-lang`: the server keeps the reader's only. */
  languages?: Readonly<Record<string, string>>;
  /** Landing pages by name (`data-page`) and the modules their route imports: the server keeps the page's own only. */
  pages?: Readonly<Record<string, readonly string[]>>;
}

/**
 * Adds `<link rel="modulepreload">` to index.html for code a first visit always imports
 * dynamically (the texts) and for each landing page's own code: without it the browser learns
 * of them only once the shell's scripts have run, a round trip and a parse later on a phone,
 * and of a page's shared chunks only once its own chunk has come. A page's styles
 * are preloaded, not linked: a link would hold the first paint of every other page.
 */
export function preloadChunks(options: PreloadOptions): Plugin {
  let base = '/';
  return {
    name: 'simshop-preload-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((file): PreloadChunkFacts[] =>
          file.type === 'chunk' ? [{ fileName: file.fileName, name: file.name, isEntry: file.isEntry, facadeModuleId: file.facadeModuleId, imports: file.imports, css: [...(file.viteMetadata?.importedCss ?? [])] }] : [],
        );
        const always = chunks.filter((c) => c.name !== undefined && options.always.includes(c.name));
        const missing = options.always.filter((name) => !always.some((c) => c.name === name));
        // A renamed chunk would silently stop being preloaded: the build says so instead.
        if (missing.length) throw new Error(`preloadChunks: no chunk named ${missing.join(', ')}`);
        const script = (href: string, data: Record<string, string>): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${href}`, ...data }, injectTo: 'head' });
        // crossorigin as the app's own style links have it, or the browser would not reuse the copy.
        const style = (href: string, data: Record<string, string>): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${href}`, ...data }, injectTo: 'head' });
        const tags = always.map((c) => {
          const lang = c.name === undefined ? undefined : options.languages?.[c.name];
          return script(c.fileName, lang ? { 'data-lang': lang } : {});
        });
        for (const [page, modules] of Object.entries(options.pages ?? {})) {
          const files = filesOfPage(chunks, modules);
          tags.push(...files.scripts.map((f) => script(f, { 'data-page': page })), ...files.styles.map((f) => style(f, { 'data-page': page })));
        }
        return tags;
      },
    },
  };
}
