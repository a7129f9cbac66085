import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Browser journeys against the real built app served by the real server, in Debian's chromium.
 * The test runner (scripts/test.ts) builds the web app once; here the server is started on a
 * fresh SQLite database in a temporary folder, migrated and seeded with the demo data.
 */

// One server, with its own database and outbox, per worker: the journeys run two at a time
// without seeing each other's orders, stock or settings. Each worker process loads this file
// again with TEST_PARALLEL_INDEX set, and so finds its own server and data folder.
const workers = Number(process.env.E2E_WORKERS ?? 2);
const basePort = Number(process.env.E2E_PORT ?? 8091);
const rootDir = process.env.E2E_ROOT_DIR ?? mkdtempSync(join(tmpdir(), 'simshop-e2e-'));
process.env.E2E_ROOT_DIR = rootDir;
const dataDirOf = (index: number) => join(rootDir, `w${index}`);
const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const port = basePort + parallelIndex;
// The tests read delivered codes from <dataDir>/outbox; the browser solves the proof of work itself.
process.env.E2E_DATA_DIR = dataDirOf(parallelIndex);

// The journeys run the server as `npm start` does: the bundle, built here from the current source
// (about a second) by the main process only, before it starts the servers; workers load this file too.
if (!process.env.TEST_WORKER_INDEX) execFileSync('npm', ['run', '--silent', 'build', '-w', 'apps/server'], { cwd: resolve(import.meta.dirname, '..'), stdio: 'inherit' });

// Debian's packages `chromium-headless-shell` and `chromium` (scripts/test.ts installs them when missing).
const HEADLESS_SHELL = process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NEEDS_FULL_BROWSER = /device-alerts\.spec\.ts$/;
const launchWith = (executablePath: string) => ({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers,
  // A journey that needs a second try is a bug to fix: it waits for the state it acts on, never a time.
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: resolve(import.meta.dirname, '../.tmp/e2e-results.json') }]],
  use: {
    baseURL: `http://127.0.0.1:${port}/uni/`,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    // Recording a trace costs the browser about a third of its time: only a retried test records one
    // (none in CI; a failure there keeps its screenshot; `--retries=1` locally records one).
    trace: 'on-first-retry',
    // The shop's service worker precaches the whole app in every fresh context, about half a core-second
    // each: only the journeys about it (offline eSIMs, alerts on this device) let it run.
    serviceWorkers: 'block',
    // No page fade between pages (the shop honours reduced motion): a page caught part-way through
    // its 200-ms fade has every colour at part opacity, which axe reads as failed contrast.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Playwright's own choice for headless runs: Chromium's headless shell, the same Blink without
    // the desktop browser's window compositing (the journeys took a third less time in it).
    { name: 'chromium', testIgnore: NEEDS_FULL_BROWSER, use: { browserName: 'chromium', launchOptions: launchWith(HEADLESS_SHELL) } },
    // Notifications exist only in the full browser: the journeys about alerts on this device run there.
    { name: 'chromium-full', testMatch: NEEDS_FULL_BROWSER, use: { browserName: 'chromium', launchOptions: launchWith(CHROMIUM) } },
  ],
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'node ../apps/server/dist/server.mjs',
    url: `http://127.0.0.1:${basePort + index}/uni/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(basePort + index),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirOf(index),
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      // A real search in the browser's worker, short enough for many sign-ups (production: 16 bits).
      POW_DIFFICULTY: '8',
      // Every journey on a worker signs in and up from 127.0.0.1, as a whole office would behind
      // one proxy: the per-address limits are raised for it, the per-account ones stay.
      IP_LIMIT_SCALE: '20',
      OUTBOX_INTERVAL_MS: '300',
      // The shop takes cards, so its fee is quoted before the payment step; no journey pays by card
      // (nothing answers at this address: Stripe's hosted page cannot be driven from a test).
      STRIPE_SECRET_KEY: 'sk_test_simshop_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_simshop_e2e',
      STRIPE_API_BASE: 'http://127.0.0.1:9',
      // A build elsewhere than apps/*/dist (several builds side by side while developing).
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      ...(process.env.CONSOLE_DIST ? { CONSOLE_DIST: process.env.CONSOLE_DIST } : {}),
    },
  })),
});
