import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdDeepImports } from '../../tools/vite-antd-deep-imports.ts';
import { precompress } from '../../tools/vite-precompress.ts';
import { preloadChunks } from '../../tools/vite-preload-chunks.ts';
import { serviceWorker } from '../../tools/vite-shop-pwa.ts';

const backend = process.env.SIMSHOP_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // The shop lives under /uni/ (SPEC §2); the server serves dist/ there with a history fallback.
  base: '/uni/',
  plugins: [
    antdDeepImports(),
    react(),
    // Imported dynamically by every first visit: fetched beside the shell's scripts, not after them.
    preloadChunks(['page-texts', 'contract-texts', 'home']),
    serviceWorker({ source: fileURLToPath(new URL('./src/pwa/service-worker.ts', import.meta.url)) }),
    // Last: compresses what the others wrote too.
    precompress(),
  ],
  resolve: {
    // React, not Preact: with preact/compat the first screen lost 47 KB but antd-mobile's Image
    // lost its size and the cart's lines overflowed the screen (docs/decisions.md, "Speed").
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // antd-mobile's nested @react-spring pulls a second (React 18) copy into the root
    // node_modules; two Reacts break hooks, so every import resolves to the app's React 19.
    dedupe: ['react', 'react-dom'],
  },
  server: {
    proxy: {
      '/fetch': { target: backend, changeOrigin: true },
      '/static': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // Home is an entry of its own as well as a lazy route: what it imports statically is then
      // "initial" like the shell's, and goes into the first-screen chunk below with it.
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), home: fileURLToPath(new URL('./src/features/home/pages/home-page.tsx', import.meta.url)) },
      treeshake: {
        // The contract package is pure declarations (schemas, tables, functions) but does not
        // say so in its package.json; without this every zod schema it defines would be kept in
        // the first-screen chunk as soon as the shell imports a storage key from it.
        // Everything else keeps what its package.json says (undefined): antd-mobile marks only its
        // styles and barrel as side effects, and answering `true` here kept every component the
        // barrel names (Stepper, ImageViewer, TextArea...) in the first-screen chunk.
        moduleSideEffects: (id: string) => (/[\\/]packages[\\/]contract[\\/]/.test(id) ? false : undefined),
        // Building a schema (`z.object(...)`, `z.enum(...)`) has no effect but its value: a file of
        // the contract whose plain constants the first screen uses no longer drags zod along.
        manualPureFunctions: ['z'],
      },
      output: {
        codeSplitting: {
          groups: [
            // The libraries every screen runs on: one file, cached across releases of the app's code.
            // Not <Trans> (and its HTML parser): one page uses it, and the first screen would carry 3.7 KB for it.
            { name: 'framework', test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|i18next|react-i18next(?![\\/]dist[\\/]es[\\/]Trans)|cookie|set-cookie-parser)[\\/]/, priority: 3 },
            // antd-mobile's animation and gestures (popups, swipers, pull to refresh): one file that
            // the first screen does not load (its carousel and pull to refresh are the shop's own).
            // Ahead of ui-base, which would otherwise take antd-mobile's own helpers that use them.
            { name: 'ui-motion', test: /[\\/]node_modules[\\/](?:@react-spring|@use-gesture)[\\/]|[\\/]antd-mobile[\\/]es[\\/]utils[\\/](?:use-drag-and-pinch|use-tab-list-scroll|reduce-and-restore-motion)\.js$/, priority: 2.5 },
            // What antd-mobile's components share (helpers): one file.
            { name: 'ui-base', test: /[\\/]node_modules[\\/](?:rc-util|ahooks|@babel[\\/]runtime|classnames|tslib|lodash|dayjs|react-is|use-sync-external-store|runes2|staged-components|@floating-ui)[\\/]|[\\/]antd-mobile[\\/]es[\\/](?:utils|global)[\\/]/, priority: 2 },
            // Everything else the first screen runs (shell, home, their components and contract
            // constants): one file instead of about fifty (issue 11: at most 15 requests). A page
            // opened first pays a few KB of home for it; every page needs most of this anyway.
            { name: 'first-screen', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
