import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { api, API_BASE, signRequest } from '@simshop/contract';
import { seedDemoDatabase } from '../apps/server/src/seed/seed-demo.ts';
import { BENCH_SECRETS } from './bench-secrets.ts';
import { writeResult } from './results-file.ts';

/**
 * Load on the real server, measured so that the figures mean something: the server runs as its own process in
 * production mode with the default log level, a bare Fastify hello world runs as another, and
 * this process generates the load (autocannon) against one, then the other, alternating, so
 * each figure comes with the hello world of the same minute. Only 127.0.0.1 is a target; every
 * run is bounded in time.
 */
const root = resolve(import.meta.dirname, '..');
const tsx = join(root, 'node_modules/.bin/tsx');
/** The server as `npm start` runs it, built by this bench from the current source (buildServer) unless BENCH_SERVER_BUILD names another build. */
let SERVER_BUILD = process.env.BENCH_SERVER_BUILD ?? '';
const signing = { certificate: 'web', secret: BENCH_SECRETS.SIGNING_SECRET };

export interface LoadRound {
  /** Orders per second for a checkout (two requests each). */
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Requests per second of the bare hello world run just before this one. */
  helloRequestsPerSecond: number;
  /** requestsPerSecond / helloRequestsPerSecond. */
  ratio: number;
  /** CPU time the server process spent per request (per order for a checkout), in microseconds. */
  serverCpuUs: number;
  /** The same for hello world; helloCpuUs / serverCpuUs is the ratio a quiet machine would show for a CPU-bound target. */
  helloCpuUs: number;
  cpuRatio: number;
  /** PostgreSQL only: CPU time of every `postgres` process on the machine per request (per order for a checkout), in microseconds. */
  databaseCpuUs?: number;
}

/** One target: the round with the median ratio, the spread of the ratio over the rounds, and every round. */
export interface LoadFigure extends LoadRound {
  name: string;
  connections: number;
  /** Over all rounds: transport errors, timeouts and refused envelopes. */
  errors: number;
  non2xx: number;
  ratioMin: number;
  ratioMax: number;
  /** Highest server RSS seen during this target's rounds (sampled every 500 ms). */
  serverMaxRssMb: number;
  rounds: LoadRound[];
}

export interface SoakResult {
  minutes: number;
  /** Server RSS every 10 s of constant load (product list, cart list and checkout, in turn). */
  rssMb: number[];
  /** Mean RSS of the first and of the last minute. */
  firstMinuteMb: number;
  lastMinuteMb: number;
  requests: number;
  errors: number;
  /** CPU time of the server process per request over the soak, in microseconds. */
  serverCpuUs?: number;
  latencyP99Ms?: number;
}

export interface ServerLoadResult {
  engine: 'sqlite' | 'postgres';
  seconds: number;
  repeat: number;
  figures: LoadFigure[];
  /** Highest resident memory of the server process seen during the runs. */
  serverMaxRssMb: number;
  /** The node flags the server ran with (those of its build's start script, then BENCH_NODE_ARGS). */
  nodeFlags?: string[];
  /** BENCH_MEMORY=1: what the server's memory was made of when its RSS was highest, and each part's own highest. */
  memory?: MemoryBreakdown;
  soak?: SoakResult;
}

/** Megabytes, sampled inside the server every 100 ms (process.memoryUsage, v8.getHeapSpaceStatistics, /proc/self/smaps_rollup). */
export interface MemorySample {
  rss: number;
  /** V8's heap as committed (all spaces), and what of it is in use. */
  heapCommitted: number;
  heapUsed: number;
  newSpace: number;
  oldSpace: number;
  codeSpace: number;
  largeObjectSpace: number;
  /** Memory outside V8's heap that V8 knows of (Buffers, ArrayBuffers). */
  external: number;
  /** RSS that is anonymous memory (heap, malloc) and what is mapped from files (code of node and its addons, the database's shared memory). */
  anonymous: number;
  fileBacked: number;
  /** Anonymous RSS beyond V8's committed heap: malloc (SQLite's page caches, V8's compiler zones, buffers), thread stacks. */
  native: number;
}

export interface MemoryBreakdown {
  atMaxRss: MemorySample;
  max: MemorySample;
  /** Major (mark-compact) and minor (scavenge) collections in the whole run, and their total pause. */
  majorGcs: number;
  minorGcs: number;
  gcPauseMs: number;
}

/** BENCH_PORT (and the next port for hello world) when set, so a shared machine's ranges are kept; any free port otherwise. */
async function freePort(offset: number): Promise<number> {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT) + offset;
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `args` run by tsx, or by node itself when the first is a built `.mjs` (the server as `npm start` runs it). */
async function startProcess(args: string[], env: NodeJS.ProcessEnv, readyUrl: string): Promise<ChildProcess> {
  const built = args.some((a) => a.endsWith('.mjs'));
  // Its own process group: tsx runs node as a child, and stopping must reach both.
  // BENCH_SERVER_STDOUT: the server's standard output (its log, or --trace-gc's lines) appended to that file.
  const stdout = built && process.env.BENCH_SERVER_STDOUT ? openSync(process.env.BENCH_SERVER_STDOUT, 'a') : 'ignore';
  const child = spawn(built ? process.execPath : tsx, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', stdout, 'inherit'], detached: true });
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
  stop(child, 'SIGKILL');
  throw new Error(`${args.join(' ')} did not start`);
}

async function exited(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((done) => {
    const timer = setTimeout(() => {
      stop(child, 'SIGKILL');
      done();
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
  });
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** CPU time (user + system) a process has used so far, in milliseconds (clock ticks are 10 ms on Linux). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time of every process named `postgres` (the cluster's backends and its own processes), in milliseconds. */
function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      // Its own time and, for the postmaster, that of the backends it has reaped: a connection
      // closed during a run (the pool's idle timeout, its lifetime) keeps counting.
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
    } catch {
      // gone meanwhile
    }
  }
  return total;
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

/** The node process tsx started for the server (tsx itself is a small parent): the one whose memory counts. */
function serverPid(tsxPid: number | undefined): number | undefined {
  if (!tsxPid) return undefined;
  try {
    const children = readFileSync(`/proc/${tsxPid}/task/${tsxPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.length ? Number(children[0]) : tsxPid;
  } catch {
    return tsxPid;
  }
}

/**
 * BENCH_MEMORY=1: a module the server imports first (`--import`), sampling its own memory every
 * 100 ms and writing the sample at the highest RSS, each field's highest and the GCs seen to
 * `file` once a second. Sampling costs well under 1 % of a core.
 */
function memorySampler(file: string): string {
  return `
import { writeFileSync, readFileSync } from 'node:fs';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { PerformanceObserver, constants } from 'node:perf_hooks';
const mb = (b) => Math.round(b / 1048576);
let atMaxRss = null;
const max = {};
const gc = { majorGcs: 0, minorGcs: 0, gcPauseMs: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = e.detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.majorGcs++;
    else if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gc.minorGcs++;
    gc.gcPauseMs += e.duration;
  }
}).observe({ entryTypes: ['gc'] });
function sample() {
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
  const heap = getHeapStatistics();
  const rollup = readFileSync('/proc/self/smaps_rollup', 'utf8');
  const kb = (name) => Number(new RegExp(name + ':[ ]+([0-9]+)').exec(rollup)?.[1] ?? 0) * 1024;
  const mem = process.memoryUsage();
  const s = {
    rss: mb(kb('Rss')),
    heapCommitted: mb(heap.total_physical_size),
    heapUsed: mb(heap.used_heap_size),
    newSpace: mb(spaces.new_space ?? 0),
    oldSpace: mb(spaces.old_space ?? 0),
    codeSpace: mb(spaces.code_space ?? 0),
    largeObjectSpace: mb((spaces.large_object_space ?? 0) + (spaces.new_large_object_space ?? 0)),
    external: mb(mem.external),
    anonymous: mb(kb('Anonymous')),
    fileBacked: mb(kb('Rss') - kb('Anonymous')),
    native: mb(kb('Anonymous') - heap.total_physical_size),
  };
  if (!atMaxRss || s.rss > atMaxRss.rss) atMaxRss = s;
  for (const [k, v] of Object.entries(s)) max[k] = Math.max(max[k] ?? 0, v);
}
setInterval(sample, 100).unref();
setInterval(() => writeFileSync(${JSON.stringify(file)}, JSON.stringify({ atMaxRss, max, ...gc, gcPauseMs: Math.round(gc.gcPauseMs) })), 1000).unref();
`;
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

export async function measureServerLoad(opts: { seconds?: number; repeat?: number; soakMinutes?: number; databaseUrl?: string | undefined } = {}): Promise<ServerLoadResult> {
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
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl ?? '',
    ...BENCH_SECRETS,
  };
  await seedDemoDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  // The server's default log level, whatever this shell says.
  delete process.env.LOG_LEVEL;
  // The checkout buyer pays from a balance that never runs out, for a product whose stock is not counted.
  const admin = (...args: string[]) => execFileSync(tsx, [join(root, 'apps/server/src/cli/admin.ts'), ...args], { cwd: root, env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, stdio: 'pipe' });
  // BENCH_PROFILE_DIR: the server writes a V8 CPU profile there when it stops (a tool for finding work).
  const profile = process.env.BENCH_PROFILE_DIR ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  // The node flags `npm start` gives the server (its build's start script), then BENCH_NODE_ARGS to try others.
  const nodeFlags = [...startFlags(SERVER_BUILD), ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
  const memoryFile = join(dataDir, 'memory.json');
  let sampler: string[] = [];
  if (process.env.BENCH_MEMORY === '1') {
    writeFileSync(join(dataDir, 'memory-sampler.mjs'), memorySampler(memoryFile));
    sampler = [`--import=${join(dataDir, 'memory-sampler.mjs')}`];
  }
  const server = await startProcess([...nodeFlags, ...sampler, ...profile, SERVER_BUILD], env, `${base}${API_BASE}/docs`);
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
    const all: Target[] = [
      { name: 'product list (signed)', connections: 10, options: { connections: 10, duration: seconds, ...signedTarget(base, api.product.path, 'list', { page: 1, size: 20, i18n: 'en' }) } },
      { name: 'product detail (signed)', connections: 10, options: { connections: 10, duration: seconds, ...signedTarget(base, api.product.path, 'detail', { id: productId, i18n: 'en' }) } },
      { name: 'cart list (signed in, one line)', connections: 10, options: { connections: 10, duration: seconds, ...signedTarget(base, api.item.path, 'list', {}, customer.token) } },
      checkout(10),
      checkout(100),
    ];
    // BENCH_TARGETS: only the targets whose names contain one of these comma-separated words.
    const only = process.env.BENCH_TARGETS?.split(',').filter(Boolean);
    const targets = only ? all.filter((t) => only.some((w) => t.name.includes(w))) : all;

    const figures: LoadFigure[] = [];
    // Warm both servers once so the first figure is not a cold start.
    await run({ url: `http://127.0.0.1:${helloPort}/`, connections: 10, duration: 2 });
    await run({ ...all[0]!.options, duration: 2 });
    for (const target of targets) {
      if (!target.name.startsWith('checkout')) {
        // The same signed request must succeed before it is repeated thousands of times.
        const o = target.options as { url: string; body: string; headers: Record<string, string> };
        const probe = (await (await fetch(o.url, { method: 'POST', headers: o.headers, body: o.body })).json()) as { code: number };
        if (probe.code !== 0) throw new Error(`${target.name} is refused: ${JSON.stringify(probe)}`);
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

/** A database of its own on the PostgreSQL cluster at `url`, dropped afterwards, so every run starts from the seed. */
async function withFreshPostgres<T>(url: string, use: (databaseUrl: string) => Promise<T>): Promise<T> {
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

/** The server's targets, as ratios to hello world (and p99 for checkout). */
export const TARGETS: Record<string, { ratio?: number; p99Ms?: number; noErrors?: boolean }> = {
  'product list (signed)': { ratio: 0.3 },
  'product detail (signed)': { ratio: 0.25 },
  'cart list (signed in, one line)': { ratio: 0.2 },
  'checkout (create + pay from balance), 10 buyers': { ratio: 0.01, p99Ms: 25 },
  'checkout (create + pay from balance), 100 buyers': { p99Ms: 150, noErrors: true },
};

export function meetsTarget(f: LoadFigure): boolean {
  const t = TARGETS[f.name];
  if (!t) return true;
  return (t.ratio === undefined || f.ratio >= t.ratio) && (t.p99Ms === undefined || f.latencyP99Ms < t.p99Ms) && (!t.noErrors || (f.errors === 0 && f.non2xx === 0));
}

const pct = (r: number) => `${(r * 100).toFixed(r < 0.1 ? 2 : 1)} %`;

export function serverLoadMarkdown(results: ServerLoadResult[], heading = '## Server load (own processes, alternating with hello world)'): string {
  const lines = [heading, ''];
  for (const r of results) {
    lines.push(
      `### ${r.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} — ${r.repeat} round(s) of ${r.seconds} s per target, median round shown; server RSS max **${r.serverMaxRssMb} MB**`,
      '',
      ...(r.nodeFlags?.length ? [`Server started with \`node ${r.nodeFlags.join(' ')}\`.`, ''] : []),
      `| target | buyers/conn | req/s (orders/s) | hello req/s | ratio (min–max) | target | p50 ms | p99 ms | errors | non-2xx | server CPU µs/req | hello CPU µs/req | CPU ratio | RSS max MB |${r.engine === 'postgres' ? ' PostgreSQL CPU µs/req |' : ''}`,
      `|---|---|---|---|---|---|---|---|---|---|---|---|---|---|${r.engine === 'postgres' ? '---|' : ''}`,
      ...r.figures.map((f) => {
        const t = TARGETS[f.name];
        const goal = [t?.ratio !== undefined ? `≥ ${pct(t.ratio)}` : '', t?.p99Ms !== undefined ? `p99 < ${t.p99Ms}` : '', t?.noErrors ? 'no error' : ''].filter(Boolean).join(', ');
        return `| ${f.name} | ${f.connections} | ${f.requestsPerSecond} | ${f.helloRequestsPerSecond} | **${pct(f.ratio)}** (${pct(f.ratioMin)}–${pct(f.ratioMax)}) | ${goal} ${meetsTarget(f) ? '✓' : '✗'} | ${f.latencyP50Ms} | ${f.latencyP99Ms} | ${f.errors} | ${f.non2xx} | ${f.serverCpuUs} | ${f.helloCpuUs} | ${pct(f.cpuRatio)} | ${f.serverMaxRssMb ?? ''} |${r.engine === 'postgres' ? ` ${f.databaseCpuUs ?? ''} |` : ''}`;
      }),
      '',
    );
    if (r.memory) {
      const m = r.memory;
      const parts = (x: MemorySample) => `RSS ${x.rss}: V8 heap ${x.heapCommitted} committed (${x.heapUsed} used; new space ${x.newSpace}, old ${x.oldSpace}, code ${x.codeSpace}, large objects ${x.largeObjectSpace}), native beyond the heap ${x.native}, file-backed ${x.fileBacked}, external ${x.external}`;
      lines.push(`Memory (MB, sampled in the server every 100 ms) at the highest RSS: ${parts(m.atMaxRss)}. Each part's own highest: ${parts(m.max)}. GCs: ${m.majorGcs} major, ${m.minorGcs} minor, ${m.gcPauseMs} ms of pauses.`, '');
    }
    if (r.soak) {
      lines.push(`Soak: ${r.soak.minutes} min of constant mixed load (list, cart, create, pay; 10 connections), ${r.soak.requests} requests, ${r.soak.errors} errors${r.soak.serverCpuUs === undefined ? '' : `, server CPU ${r.soak.serverCpuUs} µs/request, p99 ${r.soak.latencyP99Ms} ms`}; RSS first minute ${r.soak.firstMinuteMb} MB, last minute ${r.soak.lastMinuteMb} MB; every 10 s: ${r.soak.rssMb.join(', ')}.`, '');
    }
  }
  return lines.join('\n');
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

/**
 * The node flags of the start script beside a build (`node <flags> dist/server.mjs` in
 * apps/server/package.json), so the bench runs the server as `npm start` does; none when the
 * build has no package.json beside it (a baseline built before the bench copied it).
 */
export function startFlags(build: string): string[] {
  try {
    const pkg = JSON.parse(readFileSync(join(dirname(dirname(build)), 'package.json'), 'utf8')) as { scripts?: { start?: string } };
    const words = (pkg.scripts?.start ?? '').split(/\s+/).filter(Boolean);
    if (words[0] !== 'node') throw new Error(`the start script is not \`node <flags> dist/server.mjs\`: ${pkg.scripts?.start}`);
    return words.slice(1, -1);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/**
 * Builds the server as `npm start` does (the same esbuild command as apps/server's build script),
 * but into `dir` rather than apps/server/dist, which `npm start` and the browser tests use while
 * someone may be benchmarking. The bundle lands at the same depth as the real one
 * (`dir/apps/server/dist/server.mjs`) beside links to the repository's node_modules, static files
 * and built apps, so it resolves its packages and finds its files as the real build does.
 * `npx tsx bench/server-load.ts build <dir>` makes one for BENCH_SERVER_BUILD (an A/B baseline).
 */
export function buildServer(dir: string): string {
  mkdirSync(join(dir, 'apps/server'), { recursive: true });
  // The start script goes with the build, so a baseline build runs with the node flags it had.
  copyFileSync(join(root, 'apps/server/package.json'), join(dir, 'apps/server/package.json'));
  const out = join(dir, 'apps/server/dist/server.mjs');
  const script = JSON.parse(readFileSync(join(root, 'apps/server/package.json'), 'utf8')).scripts.build as string;
  const args = script.split(' ').slice(1).map((a) => (a.startsWith('--outfile=') ? `--outfile=${out}` : a));
  execFileSync(join(root, 'node_modules/.bin/esbuild'), args, { cwd: join(root, 'apps/server'), stdio: 'inherit' });
  for (const link of ['node_modules', 'apps/server/static', 'apps/web', 'apps/console']) symlinkSync(join(root, link), join(dir, link));
  return out;
}

/** Writes bench/results/server-load.{md,json}, the benchmark's one current result. */
export function writeServerLoad(results: ServerLoadResult[]): string {
  return writeResult('server-load', { title: 'Server load', command: 'npx tsx bench/server-load.ts', data: { results }, body: serverLoadMarkdown(results) });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === 'build') console.log(buildServer(resolve(process.argv[3] ?? 'missing directory')));
  else console.log(writeServerLoad(await measureAllEngines()));
}
