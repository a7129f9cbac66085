import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The console's orders: internal notes staff leave on an order, and the indexes a list of
 * 100 000 orders needs to answer its first page quickly (sorted by placing or payment time, by
 * status, by product kind) and the dashboard its sums (payments and refunds in a period).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('order_notes'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_notes_order').on('order_notes').columns(['order_id', 'id']).execute();

  await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_paid').on('orders').columns(['paid_at', 'id']).execute();
  await db.schema.createIndex('orders_total').on('orders').columns(['total', 'id']).execute();
  await db.schema.createIndex('order_items_kind').on('order_items').columns(['kind', 'order_id']).execute();
  await db.schema.createIndex('order_events_event').on('order_events').columns(['event', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['order_events_event', 'order_items_kind', 'orders_total', 'orders_paid', 'orders_status_created', 'orders_created']) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropTable('order_notes').execute();
}
