import type { Kysely } from 'kysely';

/**
 * `outbox.trace_context`: the W3C trace context (`traceparent`, `tracestate`) of the code that
 * queued a job, as JSON, so the job's span continues the trace of the request that queued it
 * although it runs later, maybe in another process. Null when tracing is off or nothing was traced.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('trace_context', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('trace_context').execute();
}
