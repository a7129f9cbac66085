import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { api, OrderStatus } from '@simshop/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { creditCustomerBalance } from '../src/modules/accounts/account-admin.service.ts';
import { cliActor } from '../src/modules/audit/audit.service.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.ts';
import { expectMailsOnce, expectOrdersAsHeard, runCheckouts, type Buyer } from './nginx-checkout.ts';
import { deployFile, handOver, httpsRequest, renderSite, selfSignedCertificate, signedCall, startNginx, unitEnvironment, type Nginx } from './nginx-process.ts';
import { freePort, freshPostgres, seedShop, shopEnv, smdpStats, startServer, startSmdp, type ServerProcess } from './server-process.ts';
import { loadSkuId } from './checkout-load.ts';
import { customerSession, shopDatabase, until } from './shop-db.ts';

/**
 * The deployment recipe (docs/deploy.md) run for real: Debian's nginx with deploy/nginx/simshop.conf
 * (TLS, the hashed assets from disk, the upstream list of deploy/upstreams.sh) in front of two web
 * processes and a worker started with the settings of deploy/systemd's units, on PostgreSQL.
 * A web process is killed with SIGKILL during an eSIM checkout load: every order is as the client
 * heard of it and every side effect (eSIM, mails, refund) happens once. Then the web processes
 * are restarted one at a time by deploy/rolling-restart.sh under a steady stream of requests,
 * and nginx answers every one of them 2xx.
 */
const WORKERS = 6;
const CHECKOUTS = 36;
const KILL_AFTER = 10;
const REFUNDS = 3;
const CREDIT = 1000_00;

const web = new Map<number, ServerProcess>();
const stopping: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stopping.reverse()) await stop().catch(() => undefined);
});

const run = (file: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<string>((done, fail) => execFile(file, args, { env: { ...process.env, ...env }, encoding: 'utf8' }, (err, stdout, stderr) => (err ? fail(new Error(`${file} failed: ${stderr}${stdout}`)) : done(stdout))));

describe('nginx in front of two web processes and a worker on PostgreSQL', () => {
  it('serves the assets itself, loses no acknowledged order to kill -9, and drops no request in a rolling restart', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'simshop-nginx-'));
    handOver(dir);
    const [httpsPort, httpPort, portA, portB, smdpPort, controlPort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
    const workerEnv = unitEnvironment('simshop-worker.service');
    const workerPort = await freePort();
    const sink: SmtpSink = await startSmtpSink();
    stopping.push(() => sink.close());
    const env = shopEnv({
      databaseUrl: await freshPostgres('nginx_deploy'),
      extra: {
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_URL: `https://localhost:${httpsPort}`,
        SMTP_URL: sink.url,
        SMDP_URL: `http://127.0.0.1:${smdpPort}/smdp-sim`,
        OUTBOX_INTERVAL_MS: '100',
        JOB_RETRY_BASE_MS: '200',
        JOB_RETRY_MAX_MS: '1000',
      },
    });
    // WEB_DIST and CONSOLE_DIST as the processes get them: from the test's environment, else the build's place.
    const config = loadConfig({ ...process.env, ...env });
    const smdp = startSmdp(smdpPort, env);
    stopping.push(() => smdp.stop());

    // The owner's steps: the assets published, the upstream list written, the site rendered.
    const assets = join(dir, 'assets');
    await run(deployFile('publish-assets.sh'), [config.webDist, config.consoleDist, assets]);
    const upstreams = join(dir, 'simshop-upstreams.conf');
    writeFileSync(upstreams, await run(deployFile('upstreams.sh'), [String(portA), String(portB)]));
    const { cert, key, pem } = selfSignedCertificate(dir);
    const acme = join(dir, 'acme');
    mkdirSync(acme);
    const site = renderSite({ SERVER_NAME: 'localhost', HTTP_PORT: String(httpPort), HTTPS_PORT: String(httpsPort), CERT: cert, CERT_KEY: key, ACME_ROOT: acme, ASSETS: assets, UPSTREAMS: upstreams });

    // Seeded once (as an owner's import would), then every process starts at once.
    await seedShop(env);
    const startWeb = async (port: number) => {
      const server = await startServer({ ...env, ...unitEnvironment('simshop-web@.service', String(port)) }, { seed: false, port });
      web.set(port, server);
      return server;
    };
    stopping.push(async () => Promise.all([...web.values()].map((s) => s.kill())));
    const [nginx, , , worker] = await Promise.all([startNginx(join(dir, 'nginx'), site, httpsPort), startWeb(portA), startWeb(portB), startServer({ ...env, ...workerEnv, PORT: String(workerPort) }, { seed: false, port: workerPort })]);
    stopping.push(() => nginx.stop(), () => worker.kill());
    const base = `https://127.0.0.1:${httpsPort}`;
    const db = shopDatabase(env);
    stopping.push(() => db.destroy());

    try {
      await staticAndProxyChecks(base, pem, httpPort, assets, [portA, portB, workerPort], db);
      await killDuringCheckouts({ base, pem, db, env, sink, smdpPort, kill: () => web.get(portA)!.kill(), restart: () => startWeb(portA) });
      await rollingRestart({ base, pem, nginx, upstreams, ports: [portA, portB], controlPort, restart: async (port) => {
        const old = web.get(port)!;
        old.child.kill('SIGTERM');
        expect(await old.exited).toBe(0);
        await startWeb(port);
      } });
    } catch (err) {
      console.error(`nginx's error log:\n${nginx.errorLog()}`);
      throw err;
    }
  });
});

/** What nginx serves itself, what it passes on, and what it keeps from the world. */
async function staticAndProxyChecks(base: string, ca: Buffer, httpPort: number, assets: string, processPorts: number[], db: Database) {
  for (const app of ['uni', 'console']) {
    const files = readdirSync(join(assets, app, 'assets'));
    const script = files.find((f) => f.endsWith('.js') && files.includes(`${f}.gz`))!;
    const res = await httpsRequest(`${base}/${app}/assets/${script}`, ca, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.body).equals(readFileSync(join(assets, app, 'assets', script)))).toBe(true);
    // From the disk, not a process: the server's own answers carry its referrer policy.
    expect(res.headers['referrer-policy']).toBeUndefined();
    expect((await httpsRequest(`${base}/${app}/assets/missing-0000.js`, ca)).status).toBe(404);
  }
  // Pages come from the processes (the shop's settings written into them) and are never kept.
  const page = await httpsRequest(`${base}/uni/`, ca);
  expect(page.status).toBe(200);
  expect(page.body.toString('utf8')).toContain('window.__SIMSHOP__');
  expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
  expect(page.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  expect((await httpsRequest(`${base}/console/`, ca)).headers['cache-control']).toBe('no-cache');
  const ready = await httpsRequest(`${base}/readyz`, ca);
  expect(ready.status).toBe(200);
  expect(JSON.parse(ready.body.toString('utf8'))).toEqual({ status: 'ok', problems: [] });
  // Plain HTTP moves to HTTPS; metrics are read on each process's own port, never through nginx.
  const plain = await fetch(`http://127.0.0.1:${httpPort}/uni/`, { redirect: 'manual' });
  expect(plain.status).toBe(301);
  expect(plain.headers.get('location')).toBe('https://127.0.0.1/uni/');
  expect((await httpsRequest(`${base}/metrics`, ca)).status).toBe(404);
  for (const port of processPorts) expect(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).toContain('simshop_outbox_jobs');
  // X-Forwarded-For as nginx sets it: a client's own entry is dropped, its real address counted.
  const forged = '203.0.113.7';
  const login = await signedCall(base, ca, api.resellerLogin.path, 'password', { account: 'reseller@simshop.local', password: 'not-the-password', foreign: false }, undefined, { 'x-forwarded-for': forged });
  expect(login.http).toBe(200);
  expect(login.code).not.toBe(0);
  const keys = (await db.selectFrom('rate_limits').select('key').where('key', 'like', 'login:%').execute()).map((r) => r.key);
  expect(keys.some((k) => k.endsWith(':127.0.0.1'))).toBe(true);
  expect(keys.filter((k) => k.includes(forged))).toEqual([]);
}

/** Customers with money on their balance, signed in (as the command line credits them). */
async function buyers(db: Database, env: NodeJS.ProcessEnv, count: number): Promise<Buyer[]> {
  const list: Buyer[] = [];
  for (let i = 0; i < count; i++) {
    const email = `nginx-${i}@fault.test`;
    const token = await customerSession(db, env, email);
    const userId = (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    await creditCustomerBalance(db, cliActor(), { id: userId, currency: 'USD', amount: CREDIT, reason: 'fault test' }, Date.now());
    list.push({ userId, token });
  }
  return list;
}

const jobsLeft = async (db: Database) => (await db.selectFrom('outbox').select('id').where('done_at', 'is', null).where('failed_at', 'is', null).execute()).length;

async function killDuringCheckouts(o: { base: string; pem: Buffer; db: Database; env: NodeJS.ProcessEnv; sink: SmtpSink; smdpPort: number; kill(): Promise<void>; restart(): Promise<unknown> }) {
  const { db } = o;
  const customers = await buyers(db, o.env, WORKERS);
  const skuId = await loadSkuId(db, 'ESIM-GLOBAL-3');
  let killed: Promise<void> | undefined;
  const { checkouts, lostStatuses } = await runCheckouts({ base: o.base, ca: o.pem, buyers: customers, skuId, total: CHECKOUTS, workers: WORKERS, onAcknowledged: (n) => void (n === KILL_AFTER && (killed = o.kill())) });
  await killed;
  // Only requests the killed process held can have lost their answer, each to nginx's 502.
  expect(lostStatuses.every((s) => s === 502), String(lostStatuses)).toBe(true);
  expect(lostStatuses.length).toBeLessThanOrEqual(WORKERS);
  expect(checkouts.filter((c) => c.pay === 'ok').length).toBeGreaterThan(KILL_AFTER);
  await o.restart();

  // The worker issues every paid order's eSIM and sends its mails; then three are refunded at once.
  await until('the worker to finish', async () => (await jobsLeft(db)) === 0, 60_000, 200);
  const paid = await expectOrdersAsHeard(db, checkouts);
  const refunded = paid.slice(0, REFUNDS).map((p) => p.order_no);
  for (const orderNo of refunded) {
    const owner = customers.find((c) => c.userId === paid.find((p) => p.order_no === orderNo)!.user_id)!;
    const res = await signedCall(o.base, o.pem, api.order.path, 'refund_now', { orderNo }, owner.token);
    expect(res, orderNo).toMatchObject({ http: 200, code: 0, data: { status: OrderStatus.refunded } });
  }
  await until('the refunds to be carried out', async () => (await jobsLeft(db)) === 0, 60_000, 200);
  expect(await db.selectFrom('outbox').select(['topic', 'last_error']).where('failed_at', 'is not', null).execute()).toEqual([]);

  // Once each: one eSIM per paid order from one SM-DP+ order, delivered or refunded.
  const ids = paid.map((p) => p.id);
  const esims = await db.selectFrom('esims').select('order_id').where('order_id', 'in', ids).execute();
  expect(esims.map((e) => e.order_id).sort()).toEqual([...ids].sort());
  expect((await smdpStats(o.smdpPort))?.downloadOrder).toBe(paid.length);
  const statuses = await db.selectFrom('orders').select(['order_no', 'status']).where('id', 'in', ids).execute();
  for (const s of statuses) expect(s.status, s.order_no).toBe(refunded.includes(s.order_no) ? OrderStatus.refunded : OrderStatus.delivered);
  expectMailsOnce(o.sink.mails, paid, refunded);
  // The money: each balance lost what its paid orders cost and got the refunds back, once.
  for (const c of customers) {
    const mine = paid.filter((p) => p.user_id === c.userId);
    const expected = CREDIT - mine.reduce((sum, p) => sum + p.total, 0) + mine.filter((p) => refunded.includes(p.order_no)).reduce((sum, p) => sum + p.total, 0);
    expect((await db.selectFrom('balances').select('amount').where('user_id', '=', c.userId).where('currency', '=', 'USD').executeTakeFirstOrThrow()).amount).toBe(expected);
  }
}

/**
 * deploy/rolling-restart.sh as the owner runs it, its `systemctl` steps pointed at the test: nginx
 * is reloaded with its own prefix, and a web process is restarted (SIGTERM, exit 0, started again
 * on its port) through a little control server the script calls with curl.
 */
async function rollingRestart(o: { base: string; pem: Buffer; nginx: Nginx; upstreams: string; ports: number[]; controlPort: number; restart(port: number): Promise<void> }) {
  const control: Server = createServer((req, res) => {
    const port = Number(/^\/restart\/(\d+)$/.exec(req.url ?? '')?.[1]);
    o.restart(port).then(
      () => res.end('restarted\n'),
      (err: unknown) => ((res.statusCode = 500), res.end(String(err))),
    );
  });
  await new Promise<void>((done) => control.listen(o.controlPort, '127.0.0.1', done));
  try {
    let done = false;
    const answers: string[] = [];
    // The stream: signed API calls (POST, which nginx never resends) and pages, four at a time.
    const stream = Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        while (!done) {
          if (i % 2 === 0) {
            const res = await signedCall(o.base, o.pem, api.product.path, 'list', { page: 1, size: 5 }).catch((err: Error) => ({ http: err.message, code: -1 }));
            answers.push(`POST ${res.http} ${res.code}`);
          } else {
            const res = await httpsRequest(`${o.base}/uni/`, o.pem).catch((err: Error) => ({ status: err.message }));
            answers.push(`GET ${res.status}`);
          }
        }
      }),
    );
    const script = run(deployFile('rolling-restart.sh'), o.ports.map(String), {
      SIMSHOP_UPSTREAMS: o.upstreams,
      SIMSHOP_NGINX_RELOAD: o.nginx.reloadCommand,
      SIMSHOP_NGINX_PID: o.nginx.pidFile,
      SIMSHOP_WEB_RESTART: `curl -fsS -X POST http://127.0.0.1:${o.controlPort}/restart/$port`,
      SIMSHOP_READY_SECONDS: '60',
    });
    const output = await script.finally(() => (done = true));
    await stream;
    expect(output.match(/ready, back in nginx/g)).toHaveLength(o.ports.length);
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((a) => a !== 'POST 200 0' && a !== 'GET 200')).toEqual([]);
    expect(readFileSync(o.upstreams, 'utf8')).not.toContain('down');
  } finally {
    await new Promise((done) => control.close(done));
  }
}
