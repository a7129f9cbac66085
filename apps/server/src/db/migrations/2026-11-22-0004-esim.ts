import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  // One row per eSIM profile: pool profiles wait unassigned under their SKU until a paid order takes them.
  await withId(db, db.schema.createTable('esims'))
    .addColumn('sku_id', 'integer', (c) => c.references('product_skus.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('order_item_id', 'integer', (c) => c.references('order_items.id'))
    .addColumn('class', 'integer', (c) => c.notNull())
    .addColumn('activation_code', 'text', (c) => c.notNull())
    .addColumn('dp_address', 'text', (c) => c.notNull())
    .addColumn('iccid', 'text')
    .addColumn('eid', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scan_times', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('record_status', 'text', (c) => c.notNull())
    .addColumn('activation_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('assigned_at', 'bigint')
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('esims_profile', ['dp_address', 'activation_code'])
    .execute();
  await db.schema.createIndex('esims_pool').on('esims').columns(['sku_id', 'record_status', 'id']).execute();
  await db.schema.createIndex('esims_user').on('esims').columns(['user_id', 'assigned_at']).execute();

  await withId(db, db.schema.createTable('esim_install_logs'))
    .addColumn('esim_id', 'integer', (c) => c.notNull().references('esims.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('eid', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('esim_install_logs_esim').on('esim_install_logs').column('esim_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('esim_install_logs').execute();
  await db.schema.dropTable('esims').execute();
}
