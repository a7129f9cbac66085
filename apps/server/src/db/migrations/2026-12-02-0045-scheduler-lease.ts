import type { Kysely } from 'kysely';

/**
 * `scheduler_lease`: one row saying which process runs the time-driven rules until when. A
 * process leads while it renews the lease each round; when it dies the lease runs out and the
 * next process to look takes it (jobs/scheduler.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduler_lease')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('scheduler_lease').values({ id: 1, holder: null, expires_at: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduler_lease').execute();
}
