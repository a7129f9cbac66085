import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, API_BASE, signRequest } from '@simshop/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedDemoDatabase } from '../apps/server/src/seed/seed-demo.ts';
import { BENCH_SECRETS } from './bench-secrets.ts';

/**
 * `node --cpu-prof --import tsx bench/profile-hot-path.ts [list|detail|cart|checkout|page] [count] [parallel]`
 * (`page`: the Asia eSIM's goods page as the server draws it; WEB_DIST names the built shop):
 * the server in this process (no HTTP, inject), one kind of request repeated by `parallel` callers
 * at once (1: one after the other), so a CPU profile shows where a request's time goes. Checkouts
 * in parallel share group commits as the server's do under load; sequential ones commit alone. A tool for finding work, not a measurement: figures come
 * from server-load.ts.
 */
const what = process.argv[2] ?? 'list';
const count = Number(process.argv[3] ?? 2000);
const parallel = Math.max(1, Number(process.argv[4] ?? 1));
const dataDir = mkdtempSync(join(tmpdir(), 'simshop-profile-'));
const signing = { certificate: 'web', secret: BENCH_SECRETS.SIGNING_SECRET };
const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', ...BENCH_SECRETS, DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL ?? '', ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}) });
// Migrate and seed, give the reseller a balance that does not run out (the command line waits for no server), then serve.
await seedDemoDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
execFileSync(join(import.meta.dirname, '../node_modules/.bin/tsx'), [join(import.meta.dirname, '../apps/server/src/cli/admin.ts'), 'balance', 'credit', 'reseller@simshop.local', '50000000', 'USD', 'profile'], { env: { ...process.env, NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', ...BENCH_SECRETS, DATA_DIR: dataDir, DATABASE_URL: config.databaseUrl ?? '', LOG_LEVEL: 'silent' }, stdio: 'pipe' });
const { app, shutdown } = await buildApp({ config, workers: false });

async function call(path: string, action: string, body: unknown, token?: string) {
  const query = `action=${action}`;
  const json = JSON.stringify(body);
  const res = await app.inject({ method: 'POST', url: `${API_BASE}${path}?${query}`, headers: { ...signRequest(signing, { query, body: json, token }), 'content-type': 'application/json' }, payload: json });
  const envelope = res.json() as { code: number; data: unknown };
  if (envelope.code !== 0) throw new Error(`${path}?${query}: ${res.body}`);
  return envelope.data;
}

try {
  const reseller = (await call(api.resellerLogin.path, 'password', { account: 'reseller@simshop.local', password: 'demo1234' })) as { token: string };
  const customer = (await call(api.login.path, 'password', { account: 'demo@simshop.local', password: 'demo1234' })) as { token: string };
  const ecodes = (await call(api.product.path, 'list', { page: 1, size: 20, i18n: 'en', kind: 'ecode' }, reseller.token)) as { items: Array<{ id: number }> };
  const ecode = (await call(api.product.path, 'detail', { id: ecodes.items[0]!.id, i18n: 'en' }, reseller.token)) as { skus: Array<{ id: number }> };
  const skuId = ecode.skus[0]!.id;
  const started = performance.now();
  const cpu = process.cpuUsage();
  let left = count;
  const caller = async () => {
    while (left-- > 0) {
      if (what === 'list') await call(api.product.path, 'list', { page: 1, size: 20, i18n: 'en' });
      else if (what === 'detail') await call(api.product.path, 'detail', { id: ecodes.items[0]!.id, i18n: 'en' });
      else if (what === 'cart') await call(api.item.path, 'list', {}, customer.token);
      else if (what === 'page') {
        const res = await app.inject({ method: 'GET', url: '/uni/pages/goods/goods?id=3', headers: { 'accept-encoding': 'br', 'accept-language': 'en' } });
        if (res.statusCode !== 200) throw new Error(`the goods page answered ${res.statusCode}`);
      }
      else {
        const order = (await call(api.order.path, 'create', { items: [{ skuId, quantity: 1, inputs: {} }] }, reseller.token)) as { orderNo: string };
        await call(api.order.path, 'pay', { orderNo: order.orderNo, method: 'balance' }, reseller.token);
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, caller));
  const used = process.cpuUsage(cpu);
  // CPU time rather than wall time: on a shared machine the wall clock mostly measures the neighbours.
  console.error(`${what}: ${count} (${parallel} at once) in ${Math.round(performance.now() - started)} ms, ${Math.round((used.user + used.system) / count)} µs CPU each`);
} finally {
  await shutdown();
  rmSync(dataDir, { recursive: true, force: true });
}
