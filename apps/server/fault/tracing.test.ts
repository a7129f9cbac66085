import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '@simshop/contract';
import type { Database } from '../src/db/database.ts';
import { adminCli, freePort, freshPostgres, shopEnv, smdpStats, startServer, startSmdp, type ServerProcess } from './server-process.ts';
import { customerSession, shopDatabase } from './shop-db.ts';
import { balanceCheckout, loadSkuId } from './checkout-load.ts';

/**
 * Tracing on a real server process: an OTLP/HTTP receiver in this process (JSON bodies, with
 * OTEL_EXPORTER_OTLP_PROTOCOL=http/json) collects what the shop exports while a customer buys an
 * eSIM. The payment's trace holds the HTTP request, the statements of its transaction, and the
 * background job that issues the eSIM later, with the job's call to the SM-DP+ as a client span;
 * the request's log lines carry that trace. Without the endpoint the SDK is not even loaded, so
 * nothing can be exported. On PostgreSQL: SQLite statements are not traced (telemetry/tracing.ts).
 */

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
}
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

/** The environment that makes a server process list the tracing modules it loads into `file` (tracing-loaded-modules.mjs). */
const watchLoads = (file: string) => ({ NODE_OPTIONS: `--import=${join(import.meta.dirname, 'tracing-loaded-modules.mjs')}`, LOADED_MODULES_FILE: file });

/** Accepts OTLP/HTTP JSON trace exports and keeps their spans. */
async function otlpReceiver(): Promise<{ url: string; spans: OtlpSpan[]; close(): Promise<void> }> {
  const spans: OtlpSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans?: Array<{ scopeSpans?: Array<{ spans?: OtlpSpan[] }> }> };
        for (const rs of body.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) spans.push(...(ss.spans ?? []));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, spans, close: () => new Promise((done) => server.close(() => done())) };
}

const attr = (span: OtlpSpan, key: string) => {
  const v = span.attributes?.find((a) => a.key === key)?.value;
  return v === undefined ? undefined : String(Object.values(v)[0]);
};
const attrsText = (span: OtlpSpan) => JSON.stringify(span.attributes ?? []);

/** Whether `span` is below `ancestor` in its trace. */
function isUnder(spans: readonly OtlpSpan[], span: OtlpSpan, ancestor: OtlpSpan): boolean {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  for (let at = span.parentSpanId ? byId.get(span.parentSpanId) : undefined; at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined) {
    if (at.spanId === ancestor.spanId) return true;
  }
  return false;
}

/** A customer with money buys one eSIM, paid from the balance; the order number. */
async function buyEsim(shop: ServerProcess, db: Database, env: NodeJS.ProcessEnv, email: string): Promise<string> {
  const token = await customerSession(db, env, email);
  adminCli(env, 'balance', 'credit', email, '100', 'USD');
  const orderNo = await balanceCheckout(shop, token, await loadSkuId(db, 'ESIM-GLOBAL-3'));
  await expect.poll(async () => ((await shop.call(api.order.path, 'detail', { orderNo }, token)).data as { status: string }).status, { timeout: 20_000, interval: 100 }).toBe('delivered');
  return orderNo;
}

describe('traces exported by OTLP', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('one trace from the payment through its transaction to the job and its SM-DP+ call; its log lines carry it', async () => {
    const receiver = await otlpReceiver();
    cleanups.push(() => receiver.close());
    const smdpPort = await freePort();
    const env = shopEnv({
      databaseUrl: await freshPostgres('tracing'),
      extra: {
        SMDP_URL: `http://127.0.0.1:${smdpPort}/smdp-sim`,
        OUTBOX_INTERVAL_MS: '100',
        LOG_LEVEL: 'debug',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_TRACES_SAMPLER: 'parentbased_always_on',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
    });
    const smdp = startSmdp(smdpPort, env);
    cleanups.push(() => smdp.stop());
    const logFile = join(env.DATA_DIR!, 'server.log');
    const log = openSync(logFile, 'w');
    const loaded = join(env.DATA_DIR!, 'loaded-modules.txt');
    writeFileSync(loaded, '');
    const shop = await startServer({ ...env, ...watchLoads(loaded) }, { stdout: log });
    closeSync(log);
    cleanups.push(() => shop.kill());
    const db = shopDatabase(env);
    cleanups.push(() => db.destroy());

    // The watch sees the SDK when it is loaded (the other test relies on it seeing nothing).
    expect(readFileSync(loaded, 'utf8')).toContain('@opentelemetry/sdk-node');
    await buyEsim(shop, db, env, 'traced@fault.test');
    expect(await smdpStats(smdpPort)).toEqual({ downloadOrder: 1, confirmOrder: 1 });

    // The job's span arrives with the batch after it ended.
    const job = await expect.poll(() => receiver.spans.find((s) => s.name === 'process order.fulfil'), { timeout: 10_000, interval: 100 }).toBeDefined().then(() => receiver.spans.find((s) => s.name === 'process order.fulfil')!);
    expect(job.kind).toBe(CONSUMER);
    const trace = () => receiver.spans.filter((s) => s.traceId === job.traceId);
    // The SM-DP+ calls: fetch's client spans under the job (their own server spans are the simulator's, another process, not exporting).
    await expect.poll(() => trace().filter((s) => s.kind === CLIENT && attrsText(s).includes(`:${smdpPort}`) && isUnder(trace(), s, job)).length, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(2);

    // The trace's root is the payment request's server span (Fastify's), the job below it.
    const spans = trace();
    const root = spans.find((s) => !s.parentSpanId)!;
    expect(root).toMatchObject({ name: 'request', kind: SERVER });
    expect(attr(root, 'url.path')).toContain('action=pay');
    expect(isUnder(spans, job, root)).toBe(true);
    const requestId = attr(root, 'simshop.request_id');
    expect(requestId).toMatch(/^req-/);
    // The transaction's statements, under the request and not under the job.
    const statements = spans.filter((s) => attr(s, 'db.system') === 'postgresql' || attr(s, 'db.system.name') === 'postgresql');
    const inRequest = statements.filter((s) => isUnder(spans, s, root) && !isUnder(spans, s, job));
    expect(inRequest.map((s) => s.name).join(' ')).toMatch(/BEGIN/i);
    expect(inRequest.map((s) => s.name).join(' ')).toMatch(/COMMIT/i);
    expect(inRequest.length).toBeGreaterThan(4);
    // The job's own statements are in the trace too.
    expect(statements.some((s) => isUnder(spans, s, job))).toBe(true);

    // The payment's log line carries its trace and request id.
    await expect
      .poll(() => readFileSync(logFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.trace_id === job.traceId && l.reqId === requestId), { timeout: 5_000, interval: 100 })
      .toMatchObject({ url: expect.stringContaining('action=pay') });
  }, 120_000);

  it('without OTEL_EXPORTER_OTLP_ENDPOINT nothing is exported and the SDK is not loaded', async () => {
    const smdpPort = await freePort();
    // Set but empty, as an environment file leaves it; the rest of the OTLP settings stay.
    const env = shopEnv({ extra: { SMDP_URL: `http://127.0.0.1:${smdpPort}/smdp-sim`, OUTBOX_INTERVAL_MS: '100', OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '100' } });
    const smdp = startSmdp(smdpPort, env);
    cleanups.push(() => smdp.stop());
    const loaded = join(env.DATA_DIR!, 'loaded-modules.txt');
    writeFileSync(loaded, '');
    const shop = await startServer({ ...env, ...watchLoads(loaded) });
    cleanups.push(() => shop.kill());
    const db = shopDatabase(env);
    cleanups.push(() => db.destroy());
    await buyEsim(shop, db, env, 'untraced@fault.test');
    expect(await smdpStats(smdpPort)).toEqual({ downloadOrder: 1, confirmOrder: 1 });
    // Nothing of the SDK was loaded, so nothing can have been exported.
    expect(readFileSync(loaded, 'utf8')).toBe('');
  }, 120_000);
});
