import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Alerts to the shop's staff when background work fails (modules/ops-alerts).
 * `staff_alert_settings`: a staff member's choice to be mailed, and the language of those mails
 * (the console's language when they chose). `ops_alert_throttle`: one row per kind of alert with
 * when one last went out; the scheduler's round takes it with a conditional update in the
 * transaction that queues the alert, so processes sharing the database send at most one an hour.
 * `ops_alerts`: what each alert said, read by the jobs that mail and post it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_alert_settings')
    .addColumn('staff_id', 'integer', (c) => c.primaryKey())
    .addColumn('ops_alerts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ops_alert_throttle')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
    .addColumn('covered_until', 'bigint', (c) => c.notNull())
    .execute();
  await db
    .insertInto('ops_alert_throttle')
    .values(['job_failed', 'esim_delayed'].map((kind) => ({ kind, last_sent_at: 0, covered_until: 0 })))
    .execute();
  await withId(db, db.schema.createTable('ops_alerts'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ops_alerts').execute();
  await db.schema.dropTable('ops_alert_throttle').execute();
  await db.schema.dropTable('staff_alert_settings').execute();
}
