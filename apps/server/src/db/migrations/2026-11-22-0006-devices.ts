import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('devices'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A SIM is followed by one account at a time.
    .addColumn('iccid', 'text', (c) => c.notNull().unique())
    .addColumn('msisdn', 'text')
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('devices_user').on('devices').column('user_id').execute();

  // How much data a recharge SKU adds.
  await db.schema.alterTable('product_skus').addColumn('recharge_mb', 'integer').execute();

  await withId(db, db.schema.createTable('recharges'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('order_item_id', 'integer', (c) => c.notNull().references('order_items.id'))
    .addColumn('unit_index', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('package_en', 'text', (c) => c.notNull())
    .addColumn('package_zh', 'text', (c) => c.notNull())
    .addColumn('volume_mb', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('carrier_ref', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('recharges_item_unit', ['order_item_id', 'unit_index'])
    .execute();
  await db.schema.createIndex('recharges_user').on('recharges').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recharges').execute();
  await db.schema.alterTable('product_skus').dropColumn('recharge_mb').execute();
  await db.schema.dropTable('devices').execute();
}
