import type { Kysely } from 'kysely';

/**
 * Jobs run once: a job is leased alone, under a token only its holder can finish it
 * with; `ref` names what a job works on (`order:<id>`) so an order can show its issuing state;
 * `alerted_at` makes the owner's "issuing is delayed" alert fire once. `job_side_effects`
 * records each external send (mail, SMS) by job and step, so a job re-run after a crash does
 * not send twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('lease_token', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('ref', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('alerted_at', 'bigint').execute();
  await db.schema.createIndex('outbox_ref').on('outbox').columns(['ref', 'topic']).execute();
  await db.schema
    .createTable('job_side_effects')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // Fulfilment jobs written before: name their order, and give the ones that gave up (paid
  // orders stranded for good) another run, now that fulfilment never gives up.
  const now = Date.now();
  const rows: { id: number; payload: string; failed_at: number | string | null }[] = await db.selectFrom('outbox').select(['id', 'payload', 'failed_at']).where('topic', '=', 'order.fulfil').where('done_at', 'is', null).execute();
  for (const row of rows) {
    let orderId: unknown;
    try {
      orderId = (JSON.parse(row.payload) as { orderId?: unknown }).orderId;
    } catch {
      orderId = undefined;
    }
    await db
      .updateTable('outbox')
      .set({ ref: typeof orderId === 'number' ? `order:${orderId}` : null, ...(row.failed_at !== null ? { failed_at: null, run_after: now, locked_until: null } : {}) })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_side_effects').execute();
  await db.schema.dropIndex('outbox_ref').execute();
  await db.schema.alterTable('outbox').dropColumn('alerted_at').execute();
  await db.schema.alterTable('outbox').dropColumn('ref').execute();
  await db.schema.alterTable('outbox').dropColumn('lease_token').execute();
}
