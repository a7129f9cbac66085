import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Usage and expiry alerts, and Web Push.
 * - `esim_usage_alerts`: one row claims one threshold (data 75 %, 90 %; 3 days, 1 day left) of one
 *   eSIM's plan, written in the transaction that queues the message, so several processes running
 *   the sweep send it once. `plan_key` names the plan with the add-ons it had then: data added
 *   later makes a new plan whose thresholds count again.
 * - `push_subscriptions`: the browsers (PushSubscription JSON) a customer allowed notifications
 *   on; one endpoint belongs to one account, the last one that subscribed it.
 * - `push_vapid_keys`: the VAPID pair made once when none is configured (development and tests),
 *   so every process signs with the same key and the browsers' subscriptions stay valid.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('esim_usage_alerts'))
    .addColumn('esim_id', 'integer', (c) => c.notNull().references('esims.id').onDelete('cascade'))
    .addColumn('plan_key', 'text', (c) => c.notNull())
    .addColumn('threshold', 'text', (c) => c.notNull())
    // 0: claimed without a message (a higher threshold of the same kind was reached at once).
    .addColumn('told', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('esim_usage_alerts_once', ['esim_id', 'plan_key', 'threshold'])
    .execute();
  await withId(db, db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
  await db.schema
    .createTable('push_vapid_keys')
    // One row: the first process to write it wins, the others read it.
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_vapid_keys').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('esim_usage_alerts').execute();
}
