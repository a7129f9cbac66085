import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedDemoDatabase } from '../apps/server/src/seed/seed-demo.ts';
import { BENCH_SECRETS } from './bench-secrets.ts';

export interface BenchServer {
  origin: string;
  /** A seeded product's id by its stable key (the goods page addresses products by id). */
  productId(key: string): Promise<number>;
  /** The first seeded blog post's id. */
  firstPostId(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The real server in production mode on a fresh demo database, serving the built shop
 * (WEB_DIST, else apps/web/dist) on a free loopback port: what a phone would talk to.
 */
export async function startBenchServer(): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'simshop-bench-web-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    SIGNING_SECRET: BENCH_SECRETS.SIGNING_SECRET,
    FILE_TOKEN_SECRET: BENCH_SECRETS.FILE_TOKEN_SECRET,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    WEB_DIST: resolve(process.env.WEB_DIST ?? resolve(import.meta.dirname, '../apps/web/dist')),
  });
  await seedDemoDatabase({ databaseUrl: undefined, dataDir: config.dataDir });
  // No outbox or scheduler: a page load sends no mail, and the bench measures pages only.
  const { app, db } = await buildApp({ config, workers: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    productId: async (key) => (await db.selectFrom('products').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id,
    firstPostId: async () => (await db.selectFrom('blog_posts').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The pages the storefront is measured on (the storefront's targets): home, a goods page, a
 * destination's page, a blog post and the cart signed out.
 */
export async function storefrontPages(server: BenchServer): Promise<Array<{ page: string; path: string }>> {
  return [
    { page: 'home', path: '/uni/' },
    { page: 'goods (Asia eSIM)', path: `/uni/pages/goods/goods?id=${await server.productId('asia-esim')}` },
    { page: 'destination (Japan)', path: '/uni/esim/japan' },
    { page: 'blog post', path: `/uni/pages/blog/detail?id=${await server.firstPostId()}` },
    { page: 'cart (signed out)', path: '/uni/pages/shop-cart' },
  ];
}

/** Debian's chromium with the flags that keep it quiet and offline from anything but the server. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
