import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { API_BASE, signRequest } from '@simshop/contract';
import { loadConfig } from '../src/config.ts';
import { seedDemoDatabase } from '../src/seed/seed-demo.ts';
import { FAULT_ADMIN, FAULT_BUNDLE } from './server-bundle.ts';

/**
 * Real server processes for the fault tests: the production bundle in production mode, killed
 * with real signals. Every process of one test shares the environment (data dir, database,
 * secrets) so two of them are the same shop scaled out.
 */
const root = resolve(import.meta.dirname, '../../..');
export const FAULT_SIGNING = { certificate: 'web', secret: 'fault-signing-Qx7Lm2Rv9Tb4Nw6Kc1Zp8Hs3Yd5Jf0Ga' };

/** Whether a port can be listened on now (0: any the system picks); gives the port or null. */
function tryPort(port: number): Promise<number | null> {
  return new Promise((done) => {
    const srv = createServer();
    srv.once('error', () => done(null));
    srv.listen(port, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => done(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/**
 * A port for a process of the test. FAULT_PORTS (`4610-4619`) keeps them in a range, for a
 * machine shared with other runs; otherwise the system picks one.
 */
let nextInRange = 0;
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.FAULT_PORTS ?? '');
  if (!range) return (await tryPort(0)) ?? 0;
  const [low, high] = [Number(range[1]), Number(range[2])];
  for (let i = 0; i <= high - low; i++) {
    const port = low + ((nextInRange + i) % (high - low + 1));
    if ((await tryPort(port)) !== null) {
      nextInRange = port - low + 1;
      return port;
    }
  }
  throw new Error(`no free port in FAULT_PORTS ${process.env.FAULT_PORTS}`);
}

/** The environment every process of one shop shares; `databaseUrl` empty means SQLite in `dataDir`. */
export function shopEnv(opts: { databaseUrl?: string; dataDir?: string; extra?: NodeJS.ProcessEnv } = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir ?? mkdtempSync(join(tmpdir(), 'simshop-fault-')),
    DATABASE_URL: opts.databaseUrl ?? '',
    SIGNING_SECRET: FAULT_SIGNING.secret,
    FILE_TOKEN_SECRET: 'fault-file-token-Vn4Gt8Ws1Pz6Lc3Rk9Xb2Jm7Qh5Ud0Ey',
    SMDP_NOTIFY_TOKEN: 'fault-smdp-notify-Hb6Wz1Kr8Ty3Mq5Np0Vc7Xg2Ls9Jd4Fa',
    SMDP_API_KEY: 'fault-smdp-api-key-0123',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'http://127.0.0.1',
    ...opts.extra,
  };
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  /** A signed call as the shop's client makes it; returns the HTTP status and the envelope. */
  call(path: string, action: string, body: unknown, token?: string): Promise<{ http: number; code: number; data: unknown }>;
  /** SIGKILL and wait for the end (safe to call twice). */
  kill(): Promise<void>;
}

/**
 * The demo data the tests buy with, loaded before a process starts: a production process never
 * loads demo data itself (it refuses SEED_DEMO), so the harness does, as an owner's own import would.
 */
export async function seedShop(env: NodeJS.ProcessEnv): Promise<void> {
  await seedDemoDatabase({ databaseUrl: env.DATABASE_URL, dataDir: loadConfig(env).dataDir });
}

/**
 * Starts the server (after loading the demo data unless `seed` is false) and waits until it
 * answers HTTP; `stdout`: a file descriptor its log goes to (default: discarded).
 */
export async function startServer(env: NodeJS.ProcessEnv, opts: { seed?: boolean; port?: number; stdout?: number } = {}): Promise<ServerProcess> {
  if (opts.seed ?? true) await seedShop(env);
  const port = opts.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  // The bundle `npm start` runs (server-bundle.ts builds it before the suite), as node itself: a
  // SIGKILL reaches the server, not a wrapper.
  const child = spawn(process.execPath, ['--max-old-space-size=512', FAULT_BUNDLE], { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', opts.stdout ?? 'ignore', 'inherit'] });
  const exited = new Promise<number | string>((done) => child.once('exit', (code, signal) => done(code ?? signal ?? 'unknown')));
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited with ${child.exitCode ?? child.signalCode} before answering`);
    try {
      const res = await fetch(`${base}/uni/`);
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error('server did not start within 120 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    child,
    exited,
    async call(path, action, body, token) {
      const query = `action=${action}`;
      const payload = JSON.stringify(body);
      const headers = signRequest(FAULT_SIGNING, { query, body: payload, token });
      const res = await fetch(`${base}${API_BASE}${path}?${query}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: payload });
      const text = await res.text();
      let envelope: { code?: number; data?: unknown } = {};
      try {
        envelope = JSON.parse(text) as typeof envelope;
      } catch {
        // not JSON: the caller looks at the HTTP status
      }
      return { http: res.status, code: envelope.code ?? -1, data: envelope.data };
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

const adminOptions = (env: NodeJS.ProcessEnv) => ({ cwd: root, env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, encoding: 'utf8' as const });

/** Runs the owner's command line against the same shop (`npm run admin -- ...`), bundled. */
export function adminCli(env: NodeJS.ProcessEnv, ...args: string[]): string {
  return execFileSync(process.execPath, [FAULT_ADMIN, ...args], adminOptions(env));
}

/** The same without blocking this process (a load it drives goes on meanwhile). */
export async function adminCliAsync(env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [FAULT_ADMIN, ...args], adminOptions(env));
  return stdout.trim();
}

/**
 * The engines a fault test runs on: SQLite (a file in the data dir) and PostgreSQL (a fresh
 * database in FAULT_DATABASE_URL's cluster). Each gives the DATABASE_URL to start the shop with.
 */
export const ENGINES: ReadonlyArray<readonly [string, (name: string) => Promise<string>]> = [
  ['SQLite', async () => ''],
  ['PostgreSQL', (name) => freshPostgres(name)],
];

/** FAULT_DATABASE_URL (set by `npm test`) names a PostgreSQL cluster; each test makes its own database in it. */
export async function freshPostgres(name: string): Promise<string> {
  const url = process.env.FAULT_DATABASE_URL;
  if (!url) throw new Error('FAULT_DATABASE_URL is not set: run the fault tests through `npm test -- fault` (it starts PostgreSQL)');
  const { default: pg } = await import('pg');
  const db = `fault_${name}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE DATABASE ${db}`);
  await client.end();
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** The SM-DP+ simulator as a process of its own (smdp-process.ts), to stop and start again on one port. */
export function startSmdp(port: number, env: NodeJS.ProcessEnv): { child: ChildProcess; stop(): Promise<void> } {
  // node with tsx's loader, one process (the tsx launcher would leave its child behind on SIGKILL).
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/fault/smdp-process.ts'], { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The ES2+ calls the simulator process answered, or undefined while it is down. */
export async function smdpStats(port: number): Promise<{ downloadOrder: number; confirmOrder: number } | undefined> {
  try {
    return (await (await fetch(`http://127.0.0.1:${port}/stats`)).json()) as { downloadOrder: number; confirmOrder: number };
  } catch {
    return undefined;
  }
}

/** How many distinct profiles were asked for (a retried DownloadOrder repeats its call identifier). */
export async function smdpDistinctDownloads(port: number): Promise<number> {
  return ((await (await fetch(`http://127.0.0.1:${port}/downloads`)).json()) as { distinct: number }).distinct;
}
