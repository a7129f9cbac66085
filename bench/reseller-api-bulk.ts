import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { api, API_BASE, RESELLER_API_BASE, type ApiBulkJob } from '@simshop/contract';
import { seedDemoDatabase } from '../apps/server/src/seed/seed-demo.ts';
import { BENCH_SECRETS } from './bench-secrets.ts';
import { call, prepareCheckoutBuyer } from './checkout-buyer.ts';
import { writeResult } from './results-file.ts';
import { buildServer, startFlags } from './server-build.ts';
import { cpuMs, exited, freePort, serverPid, startProcess, stop } from './server-process.ts';

/**
 * A reseller API bulk order of 10,000 ECodes (POST /api/v1/bulk-orders, then GET
 * /api/v1/bulk-orders/{id} until it is done) against the built server in its own process on
 * SQLite, its outbox worker carrying the job out as it does in production. Measured: the
 * acceptance's answer time, and the time from sending the request to the job's `done` as a
 * client polling every 100 ms sees it, with the server's CPU for the whole. Budget: under 60 s.
 *
 *   npx tsx bench/reseller-api-bulk.ts [units]
 */
const UNITS = Number(process.argv[2] ?? 10_000);
const BUDGET_MS = 60_000;
const POLL_MS = 100;

const work = mkdtempSync(join(tmpdir(), 'simshop-bench-api-bulk-'));
const dataDir = join(work, 'data');
const build = process.env.BENCH_SERVER_BUILD ?? buildServer(join(work, 'build'));
const port = await freePort(0);
const base = `http://127.0.0.1:${port}`;
const env = { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: '', ...BENCH_SECRETS };
await seedDemoDatabase({ databaseUrl: undefined, dataDir });
delete process.env.LOG_LEVEL;
const server = await startProcess([...startFlags(build), build], env, `${base}${API_BASE}/docs`);
try {
  // A balance that covers the job and an ECode whose stock is not counted.
  const buyer = await prepareCheckoutBuyer(base, env);
  const made = await call(base, api.apiKey.path, 'create', { name: 'bench bulk', scopes: ['order', 'read'] }, buyer.token);
  if (made.code !== 0) throw new Error(`key refused: ${made.code}`);
  const headers = { authorization: `Bearer ${(made.data as { secret: string }).secret}`, 'content-type': 'application/json' };
  const cpuBefore = cpuMs(serverPid(server.pid));
  const started = performance.now();
  const res = await fetch(`${base}${RESELLER_API_BASE}/bulk-orders`, { method: 'POST', headers: { ...headers, 'idempotency-key': `bench-bulk-${process.pid}` }, body: JSON.stringify({ skuId: buyer.skuId, quantity: UNITS }) });
  const acceptMs = performance.now() - started;
  if (res.status !== 202) throw new Error(`bulk order refused: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as ApiBulkJob;
  let job: ApiBulkJob;
  let polls = 0;
  for (;;) {
    // A client's polling, at its pace: the time measured is when it saw the job done.
    await new Promise((r) => setTimeout(r, POLL_MS));
    const got = await fetch(`${base}${RESELLER_API_BASE}/bulk-orders/${id}`, { headers });
    polls += 1;
    job = (await got.json()) as ApiBulkJob;
    if (job.state === 'done' || job.state === 'failed') break;
    if (performance.now() - started > 10 * BUDGET_MS) throw new Error(`bulk job still ${job.state} after ${10 * BUDGET_MS} ms: ${job.issued} of ${job.quantity}`);
  }
  const doneMs = performance.now() - started;
  const serverCpuMs = cpuMs(serverPid(server.pid)) - cpuBefore;
  const data = {
    units: UNITS,
    orders: job.orders.length,
    state: job.state,
    issued: job.issued,
    failed: job.failed,
    acceptMs: Math.round(acceptMs),
    doneMs: Math.round(doneMs),
    unitsPerSecond: Math.round(job.issued / (doneMs / 1000)),
    serverCpuMs: Math.round(serverCpuMs),
    polls,
    budgetMs: BUDGET_MS,
    withinBudget: job.state === 'done' && job.failed === 0 && doneMs < BUDGET_MS,
  };
  const body = [
    `One bulk order of ${UNITS} ECodes on SQLite, the server built and started as \`npm start\` runs it (its outbox worker in the same process), polled every ${POLL_MS} ms.`,
    '',
    '| | time |',
    '|---|---|',
    `| POST /api/v1/bulk-orders answered (202) | ${data.acceptMs} ms |`,
    `| sent → job seen done | ${data.doneMs} ms |`,
    '',
    `The job: ${job.state}, ${job.issued} issued, ${job.failed} failed, in ${job.orders.length} orders (${data.unitsPerSecond} units a second). Server CPU: ${data.serverCpuMs} ms.`,
    `Budget: done in under ${BUDGET_MS / 1000} s — ${data.withinBudget ? 'met' : 'NOT met'}.`,
  ].join('\n');
  console.log(writeResult('reseller-api-bulk', { title: 'Reseller API: bulk order of 10,000 ECodes', command: 'npx tsx bench/reseller-api-bulk.ts', data, body }));
} finally {
  stop(server);
  await exited(server, 10_000);
  rmSync(work, { recursive: true, force: true });
}
