import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/**
 * The server's own uses of tracing, on OpenTelemetry's API only (never the SDK): with tracing off
 * (OTEL_EXPORTER_OTLP_ENDPOINT unset, telemetry/tracing.ts never loaded) the API's no-op
 * implementations answer, so each of these costs a function call and stores or logs nothing.
 * It does not start spans around the app's own code: the instrumentations (HTTP, Fastify, pg,
 * fetch) make those; only a background job, which no library sees start, gets its span here.
 */

const tracer = trace.getTracer('simshop');

/**
 * The current trace as W3C trace context (`traceparent`, and `tracestate` when there is one), as
 * JSON, for a job queued now to continue it; null when tracing is off or nothing is traced.
 */
export function currentTraceContext(): string | null {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? JSON.stringify(carrier) : null;
}

function contextOf(stored: string | null) {
  if (!stored) return ROOT_CONTEXT;
  try {
    return propagation.extract(ROOT_CONTEXT, JSON.parse(stored) as Record<string, string>);
  } catch {
    return ROOT_CONTEXT;
  }
}

/**
 * Runs one try of a background job in a span continuing the trace it was queued in (`stored`,
 * from currentTraceContext), so the provider calls it makes (SM-DP+, carrier, payment) show under
 * the request that paid; a job queued outside any trace starts its own. The span follows the
 * sampling decision taken for the request (parent-based samplers).
 */
export function inJobSpan<T>(job: { topic: string; id: number; attempt: number; traceContext: string | null }, run: () => Promise<T>): Promise<T> {
  const attributes = { 'messaging.system': 'simshop.outbox', 'messaging.operation.type': 'process', 'messaging.destination.name': job.topic, 'messaging.message.id': String(job.id), 'simshop.job.attempt': job.attempt };
  return tracer.startActiveSpan(`process ${job.topic}`, { kind: SpanKind.CONSUMER, attributes }, contextOf(job.traceContext), async (span) => {
    try {
      return await run();
    } catch (err) {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}

/**
 * The trace and span a log line was written in, for pino's mixin (the request id is already in
 * each request's log lines as `reqId`): a line can be looked up from its trace and back.
 * Nothing when tracing is off.
 */
export function traceLogFields(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  return { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}` };
}
