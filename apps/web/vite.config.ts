import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.SIMSHOP_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // The shop lives under /uni/ (SPEC §2); the server serves dist/ there with a history fallback.
  base: '/uni/',
  plugins: [react()],
  resolve: {
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
      treeshake: {
        // The contract package is pure declarations (schemas, tables, functions) but does not
        // say so in its package.json; without this every zod schema it defines would be kept in
        // the first-screen chunk as soon as the shell imports a storage key from it.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]/.test(id),
      },
    },
  },
});
