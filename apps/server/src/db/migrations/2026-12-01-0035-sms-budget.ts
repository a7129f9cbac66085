import type { Kysely } from 'kysely';

/**
 * The shop's daily SMS budget: one row per UTC day (`YYYY-MM-DD`) with the messages counted
 * against it. Several server processes share it, so the count lives here, raised by one
 * conditional upsert per message.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sms_budget')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('sent', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_budget').execute();
}
