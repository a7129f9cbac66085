import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Data add-ons for an eSIM a customer already has. Which add-ons fit which eSIMs is one family
 * key the owner sets on both products (`addon_family`: an eSIM product and the add-on products
 * that share its key fit it). Each add-on bought is one `esim_addons` row, written with its
 * unpaid order (so the worker knows the target eSIM) and stamped `delivered_at` once the carrier
 * took it; its data and days are copied from the SKU at the sale, like a sold eSIM's plan (0031).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('addon_family', 'text').execute();
  await withId(db, db.schema.createTable('esim_addons'))
    .addColumn('esim_id', 'integer', (c) => c.notNull().references('esims.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_item_id', 'integer', (c) => c.notNull().references('order_items.id').onDelete('cascade'))
    // MB; null: unlimited.
    .addColumn('data_mb', 'integer')
    .addColumn('validity_days', 'integer', (c) => c.notNull())
    .addColumn('carrier_ref', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint')
    // One add-on per order item: the worker's retries and a second worker update the same row.
    .addUniqueConstraint('esim_addons_item', ['order_item_id'])
    .execute();
  await db.schema.createIndex('esim_addons_esim').on('esim_addons').columns(['esim_id', 'delivered_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('esim_addons').execute();
  await db.schema.alterTable('products').dropColumn('addon_family').execute();
}
