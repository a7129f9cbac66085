import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { api, API_BASE, API_KEYS_MAX, API_RATE_LIMIT, RESELLER_API_BASE } from '@simshop/contract';
import { seedDemoDatabase } from '../apps/server/src/seed/seed-demo.ts';
import { BENCH_SECRETS } from './bench-secrets.ts';
import { call, prepareCheckoutBuyer } from './checkout-buyer.ts';
import { writeResult } from './results-file.ts';
import { buildServer, startFlags } from './server-build.ts';
import { freePort, serverPid, startProcess, stop, exited, cpuMs } from './server-process.ts';

/**
 * The reseller API's single order (one ECode paid from the balance, POST /api/v1/orders with an
 * Idempotency-Key) at 10 parallel clients on SQLite, beside a bare hello world at the same rate.
 * Each client holds one of the reseller's keys and sends within the key's rate limit, so every
 * order is a real one (201), never a 429; the balance does not run out and the ECode's stock is
 * not counted (prepareCheckoutBuyer). Budget: p99 under 100 ms.
 *
 *   npx tsx bench/reseller-api-order.ts [seconds]
 */
const seconds = Number(process.argv[2] ?? 10);
const CLIENTS = 10;
// Each client a little under its key's sustained rate.
const RATE_PER_CLIENT = API_RATE_LIMIT.perSecond - 1;
const BUDGET_P99_MS = 100;

const work = mkdtempSync(join(tmpdir(), 'simshop-bench-api-order-'));
const dataDir = join(work, 'data');
const build = process.env.BENCH_SERVER_BUILD ?? buildServer(join(work, 'build'));
const port = await freePort(0);
const helloPort = await freePort(1);
const base = `http://127.0.0.1:${port}`;
const env = { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: '', ...BENCH_SECRETS };
await seedDemoDatabase({ databaseUrl: undefined, dataDir });
delete process.env.LOG_LEVEL;
const server = await startProcess([...startFlags(build), build], env, `${base}${API_BASE}/docs`);
const hello = await startProcess(['bench/hello-server.ts'], { PORT: String(helloPort) }, `http://127.0.0.1:${helloPort}/`);
try {
  const buyer = await prepareCheckoutBuyer(base, env);
  const secrets: string[] = [];
  for (let i = 0; i < Math.min(CLIENTS, API_KEYS_MAX); i++) {
    const made = await call(base, api.apiKey.path, 'create', { name: `bench ${i}`, scopes: ['order'] }, buyer.token);
    if (made.code !== 0) throw new Error(`key ${i} refused: ${made.code}`);
    secrets.push((made.data as { secret: string }).secret);
  }
  const statuses = new Map<number, number>();
  let sent = 0;
  const common = { connections: CLIENTS, duration: seconds, connectionRate: RATE_PER_CLIENT };
  // Warm both up (the server's statements prepared, the JIT done) before measuring.
  await autocannon({ url: `http://127.0.0.1:${helloPort}/`, ...common, duration: 2 });
  const orders = (duration: number) => {
    // Each connection takes the next key the first time it sends, and keeps it.
    let assigned = 0;
    return autocannon({
      url: base,
      ...common,
      duration,
      requests: [
        {
          method: 'POST',
          path: `${RESELLER_API_BASE}/orders`,
          // One key per client (its connection's context), a new Idempotency-Key per order.
          setupRequest: (req, context: { secret?: string }) => {
            context.secret ??= secrets[assigned++ % secrets.length];
            sent += 1;
            return { ...req, headers: { authorization: `Bearer ${context.secret}`, 'idempotency-key': `bench-${process.pid}-${sent}`, 'content-type': 'application/json' }, body: JSON.stringify({ skuId: buyer.skuId, quantity: 1 }) };
          },
          onResponse: (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1),
        },
      ],
    });
  };
  await orders(2);
  statuses.clear();
  const serverCpu = cpuMs(serverPid(server.pid));
  const r = await orders(seconds);
  const cpuPerOrderMs = (cpuMs(serverPid(server.pid)) - serverCpu) / Math.max(1, r.requests.total);
  const h = await autocannon({ url: `http://127.0.0.1:${helloPort}/`, ...common });
  const data = {
    clients: CLIENTS,
    ratePerClient: RATE_PER_CLIENT,
    seconds,
    orders: r.requests.total,
    statuses: Object.fromEntries(statuses),
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    latencyMaxMs: r.latency.max,
    serverCpuPerOrderMs: Number(cpuPerOrderMs.toFixed(2)),
    helloLatencyP99Ms: h.latency.p99,
    budgetP99Ms: BUDGET_P99_MS,
    withinBudget: r.latency.p99 < BUDGET_P99_MS,
  };
  const body = [
    `${CLIENTS} clients, each with its own key at ${RATE_PER_CLIENT} orders a second (the keys' limit is ${API_RATE_LIMIT.perSecond}), for ${seconds} s on SQLite.`,
    '',
    '| | p50 | p99 | max |',
    '|---|---|---|---|',
    `| POST /api/v1/orders (one ECode from the balance) | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.latency.max} ms |`,
    `| hello world, same rate | ${h.latency.p50} ms | ${h.latency.p99} ms | ${h.latency.max} ms |`,
    '',
    `Answers: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}. Server CPU per order: ${data.serverCpuPerOrderMs} ms.`,
    `Budget: p99 under ${BUDGET_P99_MS} ms — ${data.withinBudget ? 'met' : 'NOT met'}.`,
  ].join('\n');
  console.log(writeResult('reseller-api-order', { title: 'Reseller API: single order create', command: 'npx tsx bench/reseller-api-order.ts', data, body }));
} finally {
  stop(server);
  stop(hello);
  await Promise.all([exited(server, 10_000), exited(hello, 10_000)]);
  rmSync(work, { recursive: true, force: true });
}
