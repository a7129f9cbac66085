import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload">` to index.html for chunks the first screen always imports
 * dynamically (the texts, the home page): without it the browser learns of them only once the
 * shell's scripts have run, a round trip and a parse later on a phone (issue 11). A chunk of
 * one language's texts gets `data-lang`: the server keeps the reader's language's link only.
 */
export function preloadChunks(names: readonly string[], languages: Readonly<Record<string, string>> = {}): Plugin {
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
        const chunks = Object.values(ctx.bundle ?? {}).filter((file) => file.type === 'chunk' && names.includes(file.name));
        const missing = names.filter((name) => !chunks.some((c) => c.name === name));
        // A renamed chunk would silently stop being preloaded: the build says so instead.
        if (missing.length) throw new Error(`preloadChunks: no chunk named ${missing.join(', ')}`);
        return chunks.map((c): HtmlTagDescriptor => {
          const lang = c.name === undefined ? undefined : languages[c.name];
          return { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${c.fileName}`, ...(lang ? { 'data-lang': lang } : {}) }, injectTo: 'head' };
        });
      },
    },
  };
}
