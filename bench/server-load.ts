import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { api, API_BASE, signRequest } from '@simshop/contract';

/**
 * Load on the real server, measured as issue 12 asks: the server runs as its own process in
 * production mode with the default log level, a bare Fastify hello world runs as another, and
 * this process generates the load (autocannon) against one, then the other, alternating, so
 * each figure comes with the hello world of the same minute. Only 127.0.0.1 is a target; every
 * run is bounded in time.
 */
const root = resolve(import.meta.dirname, '..');
const tsx = join(root, 'node_modules/.bin/tsx');
const signing = { certificate: 'web', secret: 'bench-signing-secret-0123456789' };

export interface LoadFigure {
  name: string;
  connections: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
  /** Requests per second of the bare hello world run just before this one. */
  helloRequestsPerSecond: number;
  /** requestsPerSecond / helloRequestsPerSecond. */
  ratio: number;
}

export interface ServerLoadResult {
  engine: 'sqlite' | 'postgres';
  figures: LoadFigure[];
  /** Highest resident memory of the server process seen during the runs. */
  serverMaxRssMb: number;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startProcess(args: string[], env: NodeJS.ProcessEnv, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(tsx, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      const res = await fetch(readyUrl);
      if (res.status < 500) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${args.join(' ')} did not start`);
}

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** A signed JSON call from this process, as the shop's client makes it. */
async function call(base: string, path: string, action: string, body: unknown, token?: string): Promise<{ code: number; data: unknown }> {
  const query = `action=${action}`;
  const json = JSON.stringify(body);
  const res = await fetch(`${base}${API_BASE}${path}?${query}`, { method: 'POST', headers: { ...signRequest(signing, { query, body: json, token }), 'content-type': 'application/json' }, body: json });
  return (await res.json()) as { code: number; data: unknown };
}

function signed(path: string, action: string, body: unknown, token?: string) {
  const query = `action=${action}`;
  const json = JSON.stringify(body);
  return { method: 'POST' as const, path: `${API_BASE}${path}?${query}`, body: json, headers: { ...signRequest(signing, { query, body: json, token }), 'content-type': 'application/json' } };
}

/** A fixed signed request as autocannon's top-level options (a full url; `path` is only read inside `requests`). */
function signedTarget(base: string, path: string, action: string, body: unknown, token?: string) {
  const { path: p, ...rest } = signed(path, action, body, token);
  return { url: `${base}${p}`, ...rest };
}

type Target = { name: string; connections: number; options: autocannon.Options };

async function run(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ ...options });
}

export async function measureServerLoad(opts: { seconds?: number; databaseUrl?: string } = {}): Promise<ServerLoadResult> {
  const seconds = opts.seconds ?? 10;
  const dataDir = mkdtempSync(join(tmpdir(), 'simshop-bench-load-'));
  const port = await freePort();
  const helloPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl ?? '',
    SEED_DEMO: 'true',
    SIGNING_SECRET: signing.secret,
    FILE_TOKEN_SECRET: 'bench-file-token-secret-012345',
    SMDP_NOTIFY_TOKEN: 'bench-smdp-notify-token-0123',
    SMDP_API_KEY: 'bench-smdp-api-key-0123',
  };
  // The server's default log level, whatever this shell says.
  delete process.env.LOG_LEVEL;
  // The checkout buyer pays from a balance that never runs out, for a product whose stock is not counted.
  const admin = (...args: string[]) => execFileSync(tsx, [join(root, 'apps/server/src/cli/admin.ts'), ...args], { cwd: root, env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, stdio: 'pipe' });
  const server = await startProcess(['apps/server/src/server.ts'], env, `${base}/uni/`);
  const hello = await startProcess(['bench/hello-server.ts'], { PORT: String(helloPort) }, `http://127.0.0.1:${helloPort}/`);
  let maxRss = 0;
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssMb(server.pid))), 500);
  try {
    admin('balance', 'credit', 'reseller@simshop.local', '50000000', 'USD', 'benchmark');
    const csv = join(dataDir, 'stock.csv');
    execFileSync('sh', ['-c', `printf 'sku,stock\\nECODE-QPE,\\n' > ${csv}`]);
    admin('stock', 'import', csv);

    const customer = (await call(base, api.login.path, 'password', { account: 'demo@simshop.local', password: 'demo1234' })).data as { token: string };
    const reseller = (await call(base, api.resellerLogin.path, 'password', { account: 'reseller@simshop.local', password: 'demo1234' })).data as { token: string };
    const list = (await call(base, api.product.path, 'list', { page: 1, size: 20, i18n: 'en' })).data as { items: Array<{ id: number }> };
    const productId = list.items[0]!.id;
    const ecodes = (await call(base, api.product.path, 'list', { page: 1, size: 20, i18n: 'en', kind: 'ecode' })).data as { items: Array<{ id: number }> };
    // The demo ECode product has one SKU, ECODE-QPE.
    const ecode = (await call(base, api.product.path, 'detail', { id: ecodes.items[0]?.id ?? 0, i18n: 'en' }, reseller.token)).data as { skus?: Array<{ id: number }> };
    const skuId = ecode.skus?.[0]?.id;
    if (!skuId) throw new Error('the demo catalogue has no ECode product');

    // Envelopes are HTTP 200 even when refused: count refusals from the bodies.
    const refused = { count: 0 };
    // A checkout is two calls, create then pay from the balance; each request is signed when sent.
    const checkout = (connections: number): Target => ({
      name: `checkout (create + pay from balance), ${connections} buyers`,
      connections,
      options: {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (req) => ({ ...req, ...signed(api.order.path, 'create', { items: [{ skuId, quantity: 1, inputs: {} }] }, reseller.token) }),
            onResponse: (_status, body, context) => {
              const envelope = JSON.parse(body) as { code: number; data?: { orderNo?: string } };
              if (envelope.code !== 0) refused.count += 1;
              (context as { orderNo?: string }).orderNo = envelope.data?.orderNo;
            },
          },
          {
            setupRequest: (req, context) => ({ ...req, ...signed(api.order.path, 'pay', { orderNo: (context as { orderNo?: string }).orderNo, method: 'balance' }, reseller.token) }),
            onResponse: (_status, body) => {
              if ((JSON.parse(body) as { code: number }).code !== 0) refused.count += 1;
            },
          },
        ],
      },
    });
    const targets: Target[] = [
      { name: 'product list (signed)', connections: 10, options: { connections: 10, duration: seconds, ...signedTarget(base, api.product.path, 'list', { page: 1, size: 20, i18n: 'en' }) } },
      { name: 'product detail (signed)', connections: 10, options: { connections: 10, duration: seconds, ...signedTarget(base, api.product.path, 'detail', { id: productId, i18n: 'en' }) } },
      { name: 'cart list (signed in)', connections: 10, options: { connections: 10, duration: seconds, ...signedTarget(base, api.item.path, 'list', {}, customer.token) } },
      checkout(10),
      checkout(100),
    ];

    const figures: LoadFigure[] = [];
    // Warm both servers once so the first figure is not a cold start.
    await run({ url: `http://127.0.0.1:${helloPort}/`, connections: 10, duration: 2 });
    await run({ ...targets[0]!.options, duration: 2 });
    for (const target of targets) {
      refused.count = 0;
      if (!target.name.startsWith('checkout')) {
        // The same signed request must succeed before it is repeated thousands of times.
        const o = target.options as { url: string; body: string; headers: Record<string, string> };
        const probe = (await (await fetch(o.url, { method: 'POST', headers: o.headers, body: o.body })).json()) as { code: number };
        if (probe.code !== 0) throw new Error(`${target.name} is refused: ${JSON.stringify(probe)}`);
      }
      const h = await run({ url: `http://127.0.0.1:${helloPort}/`, connections: target.connections, duration: seconds });
      const r = await run(target.options);
      // A checkout's "request" is half an order: count orders for it.
      const perOrder = target.name.startsWith('checkout') ? 2 : 1;
      const rps = r.requests.average / perOrder;
      figures.push({
        name: target.name,
        connections: target.connections,
        requestsPerSecond: Math.round(rps),
        latencyP50Ms: r.latency.p50,
        latencyP99Ms: r.latency.p99,
        errors: r.errors + r.timeouts + refused.count,
        non2xx: r.non2xx,
        helloRequestsPerSecond: Math.round(h.requests.average),
        ratio: Number((rps / h.requests.average).toFixed(4)),
      });
    }
    return { engine: opts.databaseUrl ? 'postgres' : 'sqlite', figures, serverMaxRssMb: maxRss };
  } finally {
    clearInterval(sampler);
    server.kill('SIGTERM');
    hello.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureServerLoad({ seconds: Number(process.env.BENCH_SECONDS ?? 10), databaseUrl: process.env.DATABASE_URL });
  console.log(JSON.stringify(result, null, 2));
}
