import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (rules, beside the code) and `api` (the server through inject on a fresh
 * migrated database per file; PostgreSQL when DATABASE_URL is set, SQLite otherwise).
 */
export default defineConfig({
  test: {
    projects: [
      {
        // The web app imports its own modules as @/...
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
