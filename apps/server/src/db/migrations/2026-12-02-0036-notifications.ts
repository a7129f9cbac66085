import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Messages the shop sends a customer about their orders and eSIMs. `notifications` holds one row
 * per event, under a key unique to the event (`esim-ready:order:42`): whatever process or retry
 * reports the event, the insert wins once, and only the winner queues the message. The row is
 * what the worker reads to build the message, and records how it went out.
 * `notification_settings` is a customer's choice: the language of the messages and the optional
 * ones they turned off (transactional ones cannot be turned off).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('channel', 'text')
    .addColumn('sent_at', 'bigint')
    .addColumn('skipped', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('language', 'text')
    .addColumn('chat_answered', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('usage_alerts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('notifications').execute();
}
