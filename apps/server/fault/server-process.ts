import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { API_BASE, signRequest } from '@simshop/contract';

/**
 * Real server processes for the fault tests: started from the source with tsx in production
 * mode, killed with real signals. Every process of one test shares the environment (data dir,
 * database, secrets) so two of them are the same shop scaled out.
 */
const root = resolve(import.meta.dirname, '../../..');
const tsx = join(root, 'node_modules/.bin/tsx');
export const FAULT_SIGNING = { certificate: 'web', secret: 'fault-signing-secret-0123456789' };

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The environment every process of one shop shares; `databaseUrl` empty means SQLite in `dataDir`. */
export function shopEnv(opts: { databaseUrl?: string; dataDir?: string; extra?: NodeJS.ProcessEnv } = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir ?? mkdtempSync(join(tmpdir(), 'simshop-fault-')),
    DATABASE_URL: opts.databaseUrl ?? '',
    SEED_DEMO: 'true',
    SIGNING_SECRET: FAULT_SIGNING.secret,
    FILE_TOKEN_SECRET: 'fault-file-token-secret-012345',
    SMDP_NOTIFY_TOKEN: 'fault-smdp-notify-token-0123',
    SMDP_API_KEY: 'fault-smdp-api-key-0123',
    LOG_LEVEL: 'warn',
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

/** Starts `apps/server/src/server.ts` (or another entry) and waits until it answers HTTP. */
export async function startServer(env: NodeJS.ProcessEnv, opts: { entry?: string; port?: number } = {}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  // node itself with tsx's loader, not the tsx command: that one runs the server in a child
  // process, so a SIGKILL would kill only the wrapper and leave the server running.
  const child = spawn(process.execPath, ['--import', 'tsx', opts.entry ?? 'apps/server/src/server.ts'], { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
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

/** Runs the owner's command line against the same shop (`npm run admin -- ...`). */
export function adminCli(env: NodeJS.ProcessEnv, ...args: string[]): string {
  return execFileSync(tsx, [join(root, 'apps/server/src/cli/admin.ts'), ...args], { cwd: root, env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, encoding: 'utf8' });
}

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
