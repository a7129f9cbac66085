import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (rules, beside the code), `api` (the server through inject on a fresh
 * migrated database per file; PostgreSQL when DATABASE_URL is set, SQLite otherwise) and `fault`
 * (real server processes under kill -9, SIGTERM and scale-out; PostgreSQL from FAULT_DATABASE_URL).
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
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'tools/**/*.test.ts'],
          // Files share a worker's imported modules (most of the suite's time was importing the
          // contract and the server again per file); a test that stubs globals a module reads at
          // import resets the modules before importing it.
          isolate: false,
          // A limit only for a hang: generating the OpenAPI document or rendering every mail is a
          // few seconds of one core, more while the checks run beside the unit suite.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts'],
          // Migrates and seeds one database that every file's database is copied from.
          globalSetup: ['apps/server/test/template-database.ts'],
          // Each file builds its own app on its own database; sharing the imported module graph
          // within a worker saves importing the whole server once per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Faults the API suite cannot show in one process: server processes started, killed and
        // stopped for real (kill -9, SIGTERM, two processes on one PostgreSQL, an SM-DP+ outage).
        test: {
          name: 'fault',
          environment: 'node',
          include: ['apps/server/fault/**/*.test.ts'],
          // Builds the server bundle its processes run.
          globalSetup: ['apps/server/fault/server-bundle.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
