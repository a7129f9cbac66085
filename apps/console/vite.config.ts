import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { backendProxy } from '../../tools/vite-backend-proxy.ts';
import { precompress } from '../../tools/vite-precompress.ts';

export default defineConfig({
  // The console lives under /console/; the server serves dist/ there with a history fallback.
  base: '/console/',
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    dedupe: ['react', 'react-dom'],
  },
  server: {
    port: 5174,
    proxy: backendProxy(),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // The contract is pure declarations; without this every shop schema would be kept.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]/.test(id),
      },
    },
  },
});
