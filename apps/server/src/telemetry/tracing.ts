import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';

/**
 * OpenTelemetry tracing, exported by OTLP. server.ts imports this only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, and before the app, so that the module hooks are in place
 * when fastify, pg and node:http are first imported; otherwise none of the SDK is loaded. The SDK
 * reads the standard variables itself: OTEL_EXPORTER_OTLP_ENDPOINT / _PROTOCOL (http/protobuf by
 * default, http/json, grpc), OTEL_TRACES_SAMPLER / _ARG (e.g. parentbased_traceidratio and 0.1),
 * OTEL_SERVICE_NAME (simshop unless set), OTEL_RESOURCE_ATTRIBUTES, OTEL_BSP_* (batching).
 *
 * Traced: each request (Fastify's server span, continuing an incoming W3C traceparent),
 * PostgreSQL statements made inside a traced request or job (pg), outgoing calls by fetch
 * (undici: SM-DP+, carrier, SMS webhook, WeChat) and node:http (Stripe's client), and each
 * background job (trace-context.ts), which continues the trace of the request that queued it.
 * Not traced: SQLite statements (the one better-sqlite3 instrumentation is a single person's
 * plugin built on a year-old @opentelemetry/instrumentation, whose hooks do not see an ESM
 * import); health, readiness and metrics scrapes; queries of the worker's own polling (no parent
 * span, so no trace per poll). Only traces: metrics are /metrics (prom-client), logs stay pino's
 * lines, which carry the trace id (trace-context.ts).
 */

// The ESM loader hook, for the modules the instrumentations patch when an ES module imports them
// (pg's ESM entry, node:http); CommonJS requires are seen without it. Only those modules are
// wrapped, not every file the app loads.
register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ['pg', 'pg-pool', 'node:http', 'node:https'] } });

const UNTRACED_PATHS = ['/healthz', '/readyz', '/metrics'];
const untraced = (req: { url?: string | undefined }) => UNTRACED_PATHS.some((p) => req.url === p || req.url?.startsWith(`${p}?`));

const sdk = new NodeSDK({
  serviceName: process.env.OTEL_SERVICE_NAME ?? 'simshop',
  // Traces only: without these the SDK would also export OTLP metrics and logs by default.
  metricReaders: [],
  logRecordProcessors: [],
  instrumentations: [
    // Outgoing calls only (Stripe's client). Its server side cost the product list about half its
    // throughput even with 1 request in 10 sampled (each request's attributes, emitters bound);
    // Fastify's instrumentation below makes the server span and reads an incoming traceparent itself.
    new HttpInstrumentation({ disableIncomingRequestInstrumentation: true, requireParentforOutgoingSpans: true }),
    // Fastify's request span, the trace's server span: no span per lifecycle hook (a dozen per
    // request, little to read) nor for the handler (the same time again, named after the
    // dispatcher plugin's source text).
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      ignorePaths: untraced,
      instrumentHooks: false,
      instrumentHandler: false,
      // Fastify's request id, which the request's log lines carry as reqId: from a trace to its lines.
      requestHook: (span, request) => void span.setAttribute('simshop.request_id', String(request.id)),
    }),
    // Statements, not the pool's hand-outs of a connection (one more span per statement).
    new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
    new UndiciInstrumentation({ requireParentforSpans: true }),
  ],
});
sdk.start();

/** Sends the spans still buffered and stops (the process is about to exit). */
export async function stopTracing(): Promise<void> {
  await sdk.shutdown();
}
