import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { API_BASE } from '@simshop/contract';
import { createDatabase, type Database } from '../apps/server/src/db/database.ts';
import { seedDemoDatabase } from '../apps/server/src/seed/seed-demo.ts';
import { BENCH_SECRETS } from './bench-secrets.ts';
import { createOrder, payOrder, prepareCheckoutBuyer, withFreshPostgres, type CheckoutBuyer } from './checkout-buyer.ts';
import { mailOutboxMarkdown, type EngineResult, type KindCount, type RoundResult } from './mail-outbox-report.ts';
import { writeResult } from './results-file.ts';
import { buildServer, startFlags } from './server-build.ts';
import { cpuMs, exited, freePort, serverPid, startProcess, stop } from './server-process.ts';
import { startSinkProcess, stopSink, type SinkProcess } from './smtp-sink-client.ts';

/**
 * The customer's mails under a checkout load: the real server in production mode (its own
 * process, on a fresh demo database, SMTP_URL at a sink), an SMTP sink process that notes when
 * each message arrives, a bare Fastify hello world for the ratio, and this process as the
 * buyers, 10 at once as in the checkout bench (create, then pay from the balance). Two rounds
 * of BENCH_ORDERS paid orders each:
 * - at load: the sink answers at once; per paid order, the time from the pay answer to the
 *   arrival of its "payment received" mail;
 * - backlog: the sink holds every message while the orders are made, so they all wait in the
 *   outbox, then answers; the rate the outbox drains at is the mails over the time to the last.
 * Every mail is counted by Message-ID (one per order and kind, none twice).
 * `npm run mail-outbox -w bench`; BENCH_POSTGRES_URL adds PostgreSQL (a database of its own),
 * BENCH_SMTP_OPTIONS compares SMTP_URL options, BENCH_PROFILE_DIR keeps the server's CPU profile.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 10);
/** How long a round waits for its mails before it counts the missing ones. */
const WAIT_MS = Number(process.env.BENCH_MAIL_WAIT_MS ?? 300_000);
const HELLO_SECONDS = 5;
const KINDS = ['payment_received', 'order_placed'] as const;
const BUDGET = { latencyMs: 10_000, mailsPerSecond: 50 };

/** The Message-ID the shop gives a mail about an order (notification-sender's messageKey, mail.ts's messageIdOf). */
const messageId = (kind: string, orderNo: string) => `<n.${kind}.order.${orderNo.replace(/[^A-Za-z0-9._-]/g, '.')}@simshop>`;

async function post(base: string, request: { path: string; method: 'POST'; body: string; headers: Record<string, string> }) {
  const { path, ...init } = request;
  return (await (await fetch(`${base}${path}`, init)).json()) as { code: number; data?: { orderNo?: string } };
}

/** BUYERS buyers at once until `count` orders are paid; when each pay was answered. */
async function buyOrders(base: string, buyer: CheckoutBuyer, count: number) {
  const paidAt = new Map<string, number>();
  let claimed = 0;
  let refused = 0;
  const start = Date.now();
  const one = async () => {
    while (claimed < count) {
      claimed += 1;
      const created = await post(base, createOrder(buyer));
      const orderNo = created.data?.orderNo;
      const paid = created.code === 0 && orderNo ? await post(base, payOrder(buyer, orderNo)) : created;
      if (paid.code === 0 && orderNo) paidAt.set(orderNo, Date.now());
      else {
        refused += 1;
        claimed -= 1;
        if (refused > 50) throw new Error(`checkouts are refused: ${JSON.stringify(paid)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: BUYERS }, one));
  return { paidAt, refused, ms: Date.now() - start };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

/**
 * How many of the round's order mails the shop skipped (their orders paid before their turn
 * came, so "waiting for payment" would be untrue), once every one is sent or skipped (or the deadline).
 */
async function skippedOrderMails(db: Database, orderNos: string[], deadline: number): Promise<number> {
  const keys = orderNos.map((n) => `order_placed:order:${n}`);
  for (;;) {
    const rows = await db.selectFrom('notifications').select(['sent_at', 'skipped']).where('dedupe_key', 'in', keys).execute();
    const settled = rows.filter((r) => r.sent_at !== null || r.skipped !== null);
    if (settled.length === keys.length || Date.now() > deadline) return settled.filter((r) => r.skipped !== null).length;
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * Per kind: distinct Message-IDs of these orders that arrived, arrivals of them in all (a repeat
 * counts twice), and the missing; an order mail skipped as paid is expected not to arrive.
 */
function countKinds(sink: SinkProcess, from: number, orderNos: string[], skippedOrderMails: number): KindCount[] {
  const arrived = sink.arrivals.slice(from);
  return KINDS.map((kind) => {
    const ids = new Set(orderNos.map((o) => messageId(kind, o)));
    const ofKind = arrived.filter((a) => ids.has(a.id));
    const distinct = new Set(ofKind.map((a) => a.id)).size;
    const skipped = kind === 'order_placed' ? skippedOrderMails : 0;
    const expected = orderNos.length - skipped;
    return { kind, expected, distinct, arrivals: ofKind.length, duplicates: ofKind.length - distinct, missing: expected - distinct, ...(kind === 'order_placed' ? { skipped } : {}) };
  });
}

async function helloRps(port: number): Promise<number> {
  const r = await autocannon({ url: `http://127.0.0.1:${port}/`, connections: BUYERS, duration: HELLO_SECONDS });
  return Math.round(r.requests.average);
}

async function round(name: RoundResult['name'], o: { base: string; buyer: CheckoutBuyer; sink: SinkProcess; server: ChildProcess; helloPort: number; db: Database }): Promise<RoundResult> {
  const hello = await helloRps(o.helloPort);
  const loadBefore = loadavg()[0]!;
  const from = o.sink.arrivals.length;
  const pid = serverPid(o.server.pid);
  const cpuStart = cpuMs(pid);
  if (name === 'backlog') o.sink.hold();
  const bought = await buyOrders(o.base, o.buyer, ORDERS);
  const orderNos = [...bought.paidAt.keys()];
  const ours = new Set(KINDS.flatMap((k) => orderNos.map((n) => messageId(k, n))));
  const receipts = new Set(orderNos.map((n) => messageId('payment_received', n)));
  // Drained from here: in the backlog round, every mail of the round is waiting now.
  const drainStart = Date.now();
  const cpuDrain = cpuMs(pid);
  const sinkCpu = o.sink.cpuMs();
  if (name === 'backlog') o.sink.release();
  await o.sink.waitFor((id) => receipts.has(id), receipts.size, WAIT_MS);
  const skipped = await skippedOrderMails(o.db, orderNos, drainStart + WAIT_MS);
  const arrived = o.sink.arrivals.slice(from).filter((a) => ours.has(a.id));
  const last = Math.max(...arrived.map((a) => a.at));
  const firstAt = new Map<string, number>();
  for (const a of arrived) if (!firstAt.has(a.id)) firstAt.set(a.id, a.at);
  const latencies = orderNos
    .map((n) => (firstAt.get(messageId('payment_received', n)) ?? NaN) - bought.paidAt.get(n)!)
    .filter((ms) => !Number.isNaN(ms))
    .sort((a, b) => a - b);
  const drained = name === 'backlog' ? arrived.length : arrived.filter((a) => a.at >= drainStart).length;
  const drainSeconds = Math.max(0.001, (last - drainStart) / 1000);
  const serverCpuMs = cpuMs(pid) - cpuDrain;
  const ordersPerSecond = orderNos.length / (bought.ms / 1000);
  const mailsPerSecond = drained / drainSeconds;
  return {
    name,
    orders: orderNos.length,
    refused: bought.refused,
    buyers: BUYERS,
    buySeconds: Number((bought.ms / 1000).toFixed(2)),
    ordersPerSecond: Math.round(ordersPerSecond),
    helloRequestsPerSecond: hello,
    ordersRatio: Number((ordersPerSecond / hello).toFixed(4)),
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN },
    mailsAtBuyEnd: arrived.filter((a) => a.at < drainStart).length,
    drainedAfterBuy: drained,
    drainSeconds: Number(drainSeconds.toFixed(2)),
    mailsPerSecond: Number(mailsPerSecond.toFixed(1)),
    mailsRatio: Number((mailsPerSecond / hello).toFixed(5)),
    serverCpuMsBuying: cpuDrain - cpuStart,
    serverCpuUsPerMail: Math.round((serverCpuMs * 1000) / Math.max(1, drained)),
    sinkCpuUsPerMail: Math.round(((o.sink.cpuMs() - sinkCpu) * 1000) / Math.max(1, drained)),
    kinds: countKinds(o.sink, from, orderNos, skipped),
    otherMails: o.sink.arrivals.slice(from).filter((a) => !ours.has(a.id)).length,
    loadAverage: [loadBefore, loadavg()[0]!].map((l) => Number(l.toFixed(1))),
  };
}

async function measureEngine(build: string, smtpQuery: string, databaseUrl?: string): Promise<EngineResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'simshop-bench-mail-'));
  const port = await freePort(0);
  const helloPort = await freePort(1);
  const base = `http://127.0.0.1:${port}`;
  const sink = await startSinkProcess();
  const env = { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', SMTP_URL: `${sink.url}${smtpQuery ? `?${smtpQuery}` : ''}`, ...BENCH_SECRETS };
  let server: ChildProcess | undefined;
  let hello: ChildProcess | undefined;
  // Read beside the server: which order mails it sent and which it skipped.
  let db: Database | undefined;
  try {
    await seedDemoDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    // The server's default log level, whatever this shell says.
    delete process.env.LOG_LEVEL;
    const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
    server = await startProcess([...startFlags(build), ...profile, build], env, `${base}${API_BASE}/docs`);
    hello = await startProcess(['bench/hello-server.ts'], { PORT: String(helloPort) }, `http://127.0.0.1:${helloPort}/`);
    const buyer = await prepareCheckoutBuyer(base, env);
    db = createDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    const o = { base, buyer, sink, server, helloPort, db };
    const rounds = [await round('at load', o), await round('backlog', o)];
    return { engine: databaseUrl ? 'postgres' : 'sqlite', smtpUrlOptions: smtpQuery, rounds };
  } finally {
    await db?.destroy();
    if (server) stop(server);
    if (hello) stop(hello);
    stopSink(sink);
    // The server closes its database (and writes its profile) before its files go.
    if (server) await exited(server, 15_000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureMailOutbox(): Promise<EngineResult[]> {
  const buildDir = process.env.BENCH_SERVER_BUILD ? undefined : mkdtempSync(join(tmpdir(), 'simshop-bench-server-'));
  const build = process.env.BENCH_SERVER_BUILD ?? buildServer(buildDir!);
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
  // BENCH_SMTP_OPTIONS: SMTP_URL query strings to compare, `;`-separated (nodemailer reads them, e.g. `pool=true`); none by default.
  const variants = (process.env.BENCH_SMTP_OPTIONS ?? '').split(';');
  const results: EngineResult[] = [];
  try {
    for (const smtp of variants) {
      if (engines.includes('sqlite')) results.push(await measureEngine(build, smtp));
      const pgUrl = process.env.BENCH_POSTGRES_URL;
      if (pgUrl && engines.includes('postgres')) results.push(await withFreshPostgres(pgUrl, (url) => measureEngine(build, smtp, url)));
    }
  } finally {
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await measureMailOutbox();
  const command = process.env.BENCH_COMMAND ?? 'npm run mail-outbox -w bench';
  console.log(writeResult('mail-outbox', { title: 'Mail outbox', command, data: { budget: BUDGET, orders: ORDERS, buyers: BUYERS, results }, body: mailOutboxMarkdown(results, BUDGET) }));
}
