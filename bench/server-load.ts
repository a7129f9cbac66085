import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { api, API_BASE, SERVER_RENDER_ATTRIBUTES } from '@simshop/contract';
import { seedDemoDatabase } from '../apps/server/src/seed/seed-demo.ts';
import { BENCH_SECRETS } from './bench-secrets.ts';
import { call, createOrder, payOrder, prepareCheckoutBuyer, signed, withFreshPostgres } from './checkout-buyer.ts';
import { buildServer, startFlags } from './server-build.ts';
import { writeServerLoad, type LoadFigure, type LoadRound, type MemoryBreakdown, type ServerLoadResult, type SoakResult } from './server-load-report.ts';
import { cpuMs, exited, freePort, memorySampler, postgresCpuMs, rssMb, serverPid, startProcess, stop } from './server-process.ts';

/**
 * Load on the real server, measured so that the figures mean something: the server runs as its own process in
 * production mode with the default log level, a bare Fastify hello world runs as another, and
 * this process generates the load (autocannon) against one, then the other, alternating, so
 * each figure comes with the hello world of the same minute. Only 127.0.0.1 is a target; every
 * run is bounded in time.
 */
/** The server as `npm start` runs it, built by this bench from the current source (buildServer) unless BENCH_SERVER_BUILD names another build. */
let SERVER_BUILD = process.env.BENCH_SERVER_BUILD ?? '';
/** A fixed signed request as autocannon's top-level options (a full url; `path` is only read inside `requests`). */
function signedTarget(base: string, path: string, action: string, body: unknown, token?: string) {
  const { path: p, ...rest } = signed(path, action, body, token);
  return { url: `${base}${p}`, ...rest };
}

type Target = { name: string; connections: number; options: autocannon.Options };

async function run(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ ...options });
}

/**
 * `build`: the bundle to run (this module's SERVER_BUILD unless given); `serverEnv`: more of the
 * server's environment (the tracing A/B turns OpenTelemetry on with it).
 */
export async function measureServerLoad(opts: { seconds?: number; repeat?: number; soakMinutes?: number; databaseUrl?: string | undefined; build?: string; serverEnv?: Record<string, string>; only?: string[] } = {}): Promise<ServerLoadResult> {
  const build = opts.build ?? SERVER_BUILD;
  const seconds = opts.seconds ?? 10;
  const repeat = opts.repeat ?? 1;
  const soakMinutes = opts.soakMinutes ?? 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'simshop-bench-load-'));
  const port = await freePort(0);
  const helloPort = await freePort(1);
  const base = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl ?? '',
    // The built shop, whose public pages the server draws (the page target).
    WEB_DIST: resolve(process.env.WEB_DIST ?? resolve(import.meta.dirname, '../apps/web/dist')),
    ...BENCH_SECRETS,
    ...opts.serverEnv,
  };
  await seedDemoDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  // The server's default log level, whatever this shell says.
  delete process.env.LOG_LEVEL;
  // BENCH_PROFILE_DIR: the server writes a V8 CPU profile there when it stops (a tool for finding work).
  const profile = process.env.BENCH_PROFILE_DIR ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  // The node flags `npm start` gives the server (its build's start script), then BENCH_NODE_ARGS to try others.
  const nodeFlags = [...startFlags(build), ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
  const memoryFile = join(dataDir, 'memory.json');
  let sampler: string[] = [];
  if (process.env.BENCH_MEMORY === '1') {
    writeFileSync(join(dataDir, 'memory-sampler.mjs'), memorySampler(memoryFile));
    sampler = [`--import=${join(dataDir, 'memory-sampler.mjs')}`];
  }
  const server = await startProcess([...nodeFlags, ...sampler, ...profile, build], env, `${base}${API_BASE}/docs`);
  let hello: ChildProcess | undefined;
  let maxRss = 0;
  let targetMaxRss = 0;
  const rssSampler = setInterval(() => {
    const rss = rssMb(serverPid(server.pid));
    maxRss = Math.max(maxRss, rss);
    targetMaxRss = Math.max(targetMaxRss, rss);
  }, 500);
  const memory = (): MemoryBreakdown | undefined => {
    try {
      return JSON.parse(readFileSync(memoryFile, 'utf8')) as MemoryBreakdown;
    } catch {
      return undefined;
    }
  };
  try {
    hello = await startProcess(['bench/hello-server.ts'], { PORT: String(helloPort) }, `http://127.0.0.1:${helloPort}/`);
    const helloPid = serverPid(hello.pid);
    // The checkout buyer pays from a balance that never runs out, for a product whose stock is not counted.
    const buyer = await prepareCheckoutBuyer(base, env);
    const customer = (await call(base, api.login.path, 'password', { account: 'demo@simshop.local', password: 'demo1234' })).data as { token: string };
    const list = (await call(base, api.product.path, 'list', { page: 1, size: 20, i18n: 'en' })).data as { items: Array<{ id: number }> };
    const productId = list.items[0]!.id;
    // The demo customer's cart is empty: one line, so the cart list shows a product as a shopper's would.
    if ((await call(base, api.item.path, 'save', { proId: productId, quantity: 1 }, customer.token)).code !== 0) throw new Error('the cart line was refused');

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
            setupRequest: (req) => ({ ...req, ...createOrder(buyer) }),
            onResponse: (_status, body, context) => {
              const envelope = JSON.parse(body) as { code: number; data?: { orderNo?: string } };
              if (envelope.code !== 0) refused.count += 1;
              (context as { orderNo?: string }).orderNo = envelope.data?.orderNo;
            },
          },
          {
            setupRequest: (req, context) => ({ ...req, ...payOrder(buyer, (context as { orderNo?: string }).orderNo) }),
            onResponse: (_status, body) => {
              if ((JSON.parse(body) as { code: number }).code !== 0) refused.count += 1;
            },
          },
        ],
      },
    });
    const all: Target[] = [
      { name: 'product list (signed)', connections: 10, options: { connections: 10, duration: seconds, ...signedTarget(base, api.product.path, 'list', { page: 1, size: 20, i18n: 'en' }) } },
      { name: 'product detail (signed)', connections: 10, options: { connections: 10, duration: seconds, ...signedTarget(base, api.product.path, 'detail', { id: productId, i18n: 'en' }) } },
      { name: 'cart list (signed in, one line)', connections: 10, options: { connections: 10, duration: seconds, ...signedTarget(base, api.item.path, 'list', {}, customer.token) } },
      checkout(10),
      checkout(100),
      // The same product's page as a first visit gets it: drawn on the server, brotli.
      { name: 'goods page drawn on the server (HTML)', connections: 10, options: { url: `${base}/uni/pages/goods/goods?id=${productId}`, headers: { 'accept-encoding': 'br', 'accept-language': 'en' }, connections: 10, duration: seconds } },
    ];
    // BENCH_TARGETS: only the targets whose names contain one of these comma-separated words.
    const only = opts.only ?? process.env.BENCH_TARGETS?.split(',').filter(Boolean);
    const targets = only ? all.filter((t) => only.some((w) => t.name.includes(w))) : all;

    const figures: LoadFigure[] = [];
    // Warm both servers once so the first figure is not a cold start.
    await run({ url: `http://127.0.0.1:${helloPort}/`, connections: 10, duration: 2 });
    await run({ ...all[0]!.options, duration: 2 });
    for (const target of targets) {
      const o = target.options as { url: string; method?: string; body: string; headers: Record<string, string> };
      if (o.method === 'POST' && !target.name.startsWith('checkout')) {
        // The same signed request must succeed before it is repeated thousands of times.
        const probe = (await (await fetch(o.url, { method: 'POST', headers: o.headers, body: o.body })).json()) as { code: number };
        if (probe.code !== 0) throw new Error(`${target.name} is refused: ${JSON.stringify(probe)}`);
      } else if (o.method === undefined) {
        // A page: drawn on the server, or the figure would be the bare shell's.
        const page = await fetch(o.url, { headers: o.headers });
        if (page.status !== 200 || !(await page.text()).includes(SERVER_RENDER_ATTRIBUTES.path)) throw new Error(`${target.name} is not drawn on the server (is the shop built? WEB_DIST)`);
      }
      // A checkout's "request" is half an order: count orders for it.
      const perOrder = target.name.startsWith('checkout') ? 2 : 1;
      const rounds: LoadRound[] = [];
      let errors = 0;
      let non2xx = 0;
      targetMaxRss = 0;
      for (let i = 0; i < repeat; i++) {
        refused.count = 0;
        const helloCpu = cpuMs(helloPid);
        const h = await run({ url: `http://127.0.0.1:${helloPort}/`, connections: target.connections, duration: seconds });
        const helloUs = ((cpuMs(helloPid) - helloCpu) * 1000) / Math.max(1, h.requests.total);
        const serverCpu = cpuMs(serverPid(server.pid));
        const databaseCpu = opts.databaseUrl ? postgresCpuMs() : 0;
        const r = await run(target.options);
        const serverUs = ((cpuMs(serverPid(server.pid)) - serverCpu) * 1000 * perOrder) / Math.max(1, r.requests.total);
        const databaseUs = opts.databaseUrl ? ((postgresCpuMs() - databaseCpu) * 1000 * perOrder) / Math.max(1, r.requests.total) : undefined;
        const rps = r.requests.average / perOrder;
        rounds.push({
          requestsPerSecond: Math.round(rps),
          helloRequestsPerSecond: Math.round(h.requests.average),
          ratio: Number((rps / h.requests.average).toFixed(4)),
          latencyP50Ms: r.latency.p50,
          latencyP99Ms: r.latency.p99,
          serverCpuUs: Math.round(serverUs),
          helloCpuUs: Math.round(helloUs),
          cpuRatio: Number((helloUs / serverUs).toFixed(4)),
          ...(databaseUs === undefined ? {} : { databaseCpuUs: Math.round(databaseUs) }),
        });
        errors += r.errors + r.timeouts + refused.count;
        non2xx += r.non2xx;
      }
      // The round with the median ratio stands for the target; the spread says how noisy the machine was.
      const byRatio = [...rounds].sort((a, b) => a.ratio - b.ratio);
      const mid = byRatio[Math.floor(byRatio.length / 2)]!;
      figures.push({
        name: target.name,
        connections: target.connections,
        ...mid,
        errors,
        non2xx,
        ratioMin: byRatio[0]!.ratio,
        ratioMax: byRatio[byRatio.length - 1]!.ratio,
        serverMaxRssMb: targetMaxRss,
        rounds,
      });
    }
    let soak: SoakResult | undefined;
    if (soakMinutes > 0) {
      // Constant mixed load: each connection lists products, lists its cart, creates an order and pays it, over and over.
      const [, , , checkoutSteps] = all;
      const steps = (checkoutSteps!.options.requests ?? []) as autocannon.Request[];
      soak = await runSoak(soakMinutes, { url: base, connections: 10, requests: [{ setupRequest: (req) => ({ ...req, ...signed(api.product.path, 'list', { page: 1, size: 20, i18n: 'en' }) }) }, { setupRequest: (req) => ({ ...req, ...signed(api.item.path, 'list', {}, customer.token) }) }, ...steps] }, () => rssMb(serverPid(server.pid)), refused, () => cpuMs(serverPid(server.pid)));
    }
    // The sampler writes once a second: its last write covers the run.
    if (sampler.length) await new Promise((r) => setTimeout(r, 1100));
    const breakdown = memory();
    return { engine: opts.databaseUrl ? 'postgres' : 'sqlite', seconds, repeat, figures, serverMaxRssMb: maxRss, nodeFlags, ...(breakdown ? { memory: breakdown } : {}), ...(soak ? { soak } : {}) };
  } finally {
    clearInterval(rssSampler);
    stop(server);
    if (hello) stop(hello);
    // The server closes its database before its database is dropped.
    await exited(server, 15_000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runSoak(minutes: number, options: autocannon.Options, rss: () => number, refused: { count: number }, cpu: () => number): Promise<SoakResult> {
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rss()), 10_000);
  refused.count = 0;
  try {
    const cpuBefore = cpu();
    const r = await run({ ...options, duration: minutes * 60 });
    const serverCpuUs = Math.round(((cpu() - cpuBefore) * 1000) / Math.max(1, r.requests.total));
    const perMinute = 6;
    const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));
    return { minutes, rssMb: samples, firstMinuteMb: mean(samples.slice(0, perMinute)), lastMinuteMb: mean(samples.slice(-perMinute)), requests: r.requests.total, errors: r.errors + r.timeouts + refused.count + r.non2xx, serverCpuUs, latencyP99Ms: r.latency.p99 };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * `npx tsx bench/server-load.ts`: SQLite, then PostgreSQL when BENCH_POSTGRES_URL names a cluster
 * (a database of its own is created there). BENCH_SECONDS per round, BENCH_REPEAT rounds per target,
 * BENCH_SOAK_MINUTES of constant load after them (0: none),
 * BENCH_TARGETS picks targets by words of their names, BENCH_PROFILE_DIR keeps the server's CPU profile.
 */
export async function measureAllEngines(): Promise<ServerLoadResult[]> {
  const opts = { seconds: Number(process.env.BENCH_SECONDS ?? 10), repeat: Number(process.env.BENCH_REPEAT ?? 3), soakMinutes: Number(process.env.BENCH_SOAK_MINUTES ?? 0) };
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
  const results: ServerLoadResult[] = [];
  const buildDir = SERVER_BUILD ? undefined : mkdtempSync(join(tmpdir(), 'simshop-bench-server-'));
  if (buildDir) SERVER_BUILD = buildServer(buildDir);
  try {
    if (engines.includes('sqlite')) results.push(await measureServerLoad(opts));
    const pgUrl = process.env.BENCH_POSTGRES_URL;
    if (pgUrl && engines.includes('postgres')) results.push(await withFreshPostgres(pgUrl, (databaseUrl) => measureServerLoad({ ...opts, databaseUrl })));
  } finally {
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === 'build') console.log(buildServer(resolve(process.argv[3] ?? 'missing directory')));
  else console.log(writeServerLoad(await measureAllEngines()));
}
