import type { Kysely } from 'kysely';

/**
 * `esim_usage_checks`: when the usage-alert sweep next asks the network about an eSIM. A process
 * takes a due eSIM by moving its time forward in one conditional write (the others then find it
 * not due), asks, and sets the next time from how close the plan is to its next threshold: the
 * network is asked about each eSIM every few minutes at most, however many processes sweep.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('esim_usage_checks')
    .addColumn('esim_id', 'integer', (c) => c.primaryKey().references('esims.id').onDelete('cascade'))
    .addColumn('next_check_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('esim_usage_checks').execute();
}
