import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { api, API_BASE, signRequest } from '@simshop/contract';
import { BENCH_SECRETS } from './bench-secrets.ts';

/**
 * The checkout benches' buyer: signed calls as the shop's client makes them, and the reseller who
 * buys an ECode from a balance that never runs out (a product whose stock is not counted), so a
 * checkout is two calls, create then pay, and nothing but the checkout itself is measured.
 */
const root = resolve(import.meta.dirname, '..');
const tsx = join(root, 'node_modules/.bin/tsx');
const signing = { certificate: 'web', secret: BENCH_SECRETS.SIGNING_SECRET };

/** A signed request (method, path with query, body, headers), signed when this is called. */
export function signed(path: string, action: string, body: unknown, token?: string) {
  const query = `action=${action}`;
  const json = JSON.stringify(body);
  return { method: 'POST' as const, path: `${API_BASE}${path}?${query}`, body: json, headers: { ...signRequest(signing, { query, body: json, token }), 'content-type': 'application/json' } };
}

/** A signed JSON call from this process; envelopes are HTTP 200 even when refused, so the code says. */
export async function call(base: string, path: string, action: string, body: unknown, token?: string): Promise<{ code: number; data: unknown }> {
  const { path: p, ...init } = signed(path, action, body, token);
  const res = await fetch(`${base}${p}`, init);
  return (await res.json()) as { code: number; data: unknown };
}

/** Runs the shop's admin CLI against the bench's database (the server's env). */
export function adminCli(env: NodeJS.ProcessEnv, ...args: string[]): void {
  execFileSync(tsx, [join(root, 'apps/server/src/cli/admin.ts'), ...args], { cwd: root, env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, stdio: 'pipe' });
}

export interface CheckoutBuyer {
  /** The reseller's session. */
  token: string;
  /** The demo ECode's one SKU (ECODE-QPE), its stock not counted. */
  skuId: number;
}

/** Credits the reseller, makes the ECode's stock uncounted and signs the reseller in (the server at `base` runs with `env`). */
export async function prepareCheckoutBuyer(base: string, env: NodeJS.ProcessEnv & { DATA_DIR: string }): Promise<CheckoutBuyer> {
  adminCli(env, 'balance', 'credit', 'reseller@simshop.local', '50000000', 'USD', 'benchmark');
  const csv = join(env.DATA_DIR, 'stock.csv');
  execFileSync('sh', ['-c', `printf 'sku,stock\\nECODE-QPE,\\n' > ${csv}`]);
  adminCli(env, 'stock', 'import', csv);
  const reseller = (await call(base, api.resellerLogin.path, 'password', { account: 'reseller@simshop.local', password: 'demo1234' })).data as { token: string };
  // Signed in: a product for resellers only is listed to them alone.
  const ecodes = (await call(base, api.product.path, 'list', { page: 1, size: 20, i18n: 'en', kind: 'ecode' }, reseller.token)).data as { items: Array<{ id: number }> };
  const ecode = (await call(base, api.product.path, 'detail', { id: ecodes.items[0]?.id ?? 0, i18n: 'en' }, reseller.token)).data as { skus?: Array<{ id: number }> };
  const skuId = ecode.skus?.[0]?.id;
  if (!skuId) throw new Error('the demo catalogue has no ECode product');
  return { token: reseller.token, skuId };
}

/** The order a buyer creates: one ECode. */
export const createOrder = (buyer: CheckoutBuyer) => signed(api.order.path, 'create', { items: [{ skuId: buyer.skuId, quantity: 1, inputs: {} }] }, buyer.token);
/** Paying it from the balance. */
export const payOrder = (buyer: CheckoutBuyer, orderNo: string | undefined) => signed(api.order.path, 'pay', { orderNo, method: 'balance' }, buyer.token);

/** A database of its own on the PostgreSQL cluster at `url`, dropped afterwards, so every run starts from the seed. */
export async function withFreshPostgres<T>(url: string, use: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `simshop_bench_${process.pid}`;
  const psql = (sql: string) => execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'pipe' });
  psql(`drop database if exists ${name}`);
  psql(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    return await use(target.toString());
  } finally {
    psql(`drop database if exists ${name} with (force)`);
  }
}
