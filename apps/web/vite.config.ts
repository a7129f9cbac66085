import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { LandingPage } from '@simshop/contract';
import { antdDeepImports } from '../../tools/vite-antd-deep-imports.ts';
import { firstScreenGuard } from '../../tools/vite-first-screen-guard.ts';
import { landingKitName } from '../../tools/vite-landing-kits.ts';
import { backendProxy } from '../../tools/vite-backend-proxy.ts';
import { precompress } from '../../tools/vite-precompress.ts';
import { pureSchemas } from '../../tools/vite-pure-schemas.ts';
import { preloadChunks } from '../../tools/vite-preload-chunks.ts';
import { serviceWorker } from '../../tools/vite-shop-pwa.ts';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
/** The pages a first visit lands on (contract `LANDING_PAGES`) and the modules their route imports: their HTML preloads them. */
const homePage = source('features/home/pages/home-page.tsx');
const landingPages = {
  home: [homePage],
  goods: [source('features/catalogue/pages/goods-page.tsx')],
  // The cart is for a signed-in customer: the router loads the guard beside the page.
  cart: [source('features/cart/pages/cart-page.tsx'), source('components/require-auth.tsx')],
} satisfies Record<LandingPage, string[]>;
const landingKit = landingKitName(landingPages);

const resolve = {
  alias: [{ find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` }],
  // antd-mobile's nested @react-spring pulls a second (React 18) copy into the root
  // node_modules; two Reacts break hooks, so every import resolves to the app's React 19.
  dedupe: ['react', 'react-dom'],
};

/**
 * `vite build --ssr`: the code the server draws the public pages with (src/entry-server.tsx,
 * contract server-render.ts), into the app's own folder (`dist/server/`, which the server does not
 * serve), every library bundled in: the server runs it from wherever the build was put.
 */
const serverRenderer = defineConfig({
  base: '/uni/',
  plugins: [antdDeepImports(), react()],
  resolve,
  ssr: { noExternal: true },
  build: { outDir: 'dist/server', emptyOutDir: false, target: 'node20', copyPublicDir: false, rolldownOptions: { output: { codeSplitting: false } } },
});

export default defineConfig((env) => (env.isSsrBuild ? serverRenderer : {
  // The shop lives under /uni/ (SPEC §2); the server serves dist/ there with a history fallback.
  base: '/uni/',
  plugins: [
    antdDeepImports(),
    pureSchemas(),
    react(),
    // Imported dynamically by every first visit (the texts) or by a landing page (its own code):
    // fetched beside the shell's scripts, not after them.
    preloadChunks({
      always: ['page-texts-en', 'page-texts-zh-hans', 'contract-texts'],
      languages: { 'page-texts-en': 'en', 'page-texts-zh-hans': 'zh-Hans' },
      pages: landingPages,
    }),
    serviceWorker({ source: fileURLToPath(new URL('./src/pwa/service-worker.ts', import.meta.url)) }),
    // The contract's schemas (zod) are the server's and the forms': never on the first screen;
    // nor the numbering plans that check phone numbers (libphonenumber-js's metadata).
    firstScreenGuard(/[\\/]node_modules[\\/](?:zod|libphonenumber-js)[\\/]/),
    // Last: compresses what the others wrote too.
    precompress(),
  ],
  resolve,
  server: {
    proxy: backendProxy(),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // Home is an entry of its own as well as a lazy route: what it imports statically is then
      // "initial" like the shell's, and goes into the first-screen chunk below with it.
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), home: homePage },
      treeshake: {
        // The contract package is pure declarations (schemas, tables, functions) but does not
        // say so in its package.json; without this every zod schema it defines would be kept in
        // the first-screen chunk as soon as the shell imports a storage key from it.
        // Everything else keeps what its package.json says (undefined). Its schemas' builder calls
        // are marked pure by tools/vite-pure-schemas.ts.
        moduleSideEffects: (id: string) => (/[\\/]packages[\\/]contract[\\/]/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            // The libraries every screen runs on: one file, cached across releases of the app's code.
            { name: 'framework', test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@tanstack[\\/][^\\/]+)[\\/]/, priority: 3 },
            // antd-mobile's animation and gestures (popups, swipers, pull to refresh): one file that
            // the first screen does not load (its carousel and pull to refresh are the shop's own).
            // Ahead of ui-base, which would otherwise take antd-mobile's own helpers that use them.
            { name: 'ui-motion', test: /[\\/]node_modules[\\/](?:@react-spring|@use-gesture)[\\/]|[\\/]antd-mobile[\\/]es[\\/]utils[\\/](?:use-drag-and-pinch|use-tab-list-scroll|reduce-and-restore-motion)\.js$/, priority: 2.5 },
            // What antd-mobile's components share (helpers): one file.
            { name: 'ui-base', test: /[\\/]node_modules[\\/](?:rc-util|ahooks|@babel[\\/]runtime|classnames|tslib|lodash|dayjs|react-is|use-sync-external-store|runes2|staged-components|@floating-ui)[\\/]|[\\/]antd-mobile[\\/]es[\\/](?:utils|global)[\\/]/, priority: 2 },
            // Everything else the first screen runs (shell, home, their components and contract
            // constants): one file instead of about fifty (at most 15 requests). A page
            // opened first pays a few KB of home for it; every page needs most of this anyway.
            { name: 'first-screen', tags: ['$initial'], priority: 1 },
            // What a landing page shares with other pages: one file with the page's own (vite-landing-kits.ts).
            { name: (id, ctx) => landingKit(id, ctx), priority: 0.5 },
          ],
        },
      },
    },
  },
}));
