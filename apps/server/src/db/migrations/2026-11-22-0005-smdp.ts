import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Where a product's eSIMs come from: its SKU's pool, or issued on demand by the SM-DP+ (ES2+).
  await db.schema.alterTable('products').addColumn('esim_source', 'text', (c) => c.notNull().defaultTo('pool')).execute();
  await db.schema.alterTable('products').addColumn('profile_type', 'text').execute();
  await db.schema.alterTable('esims').addColumn('unit_index', 'integer').execute();
  // One profile per ordered unit, whatever retries happen.
  await db.schema.createIndex('esims_item_unit').on('esims').columns(['order_item_id', 'unit_index']).unique().execute();

  // Each SM-DP+ notification is applied once: a replay hits the key.
  await db.schema
    .createTable('smdp_notifications')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('iccid', 'text', (c) => c.notNull())
    .addColumn('point', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('smdp_notifications').execute();
  await db.schema.dropIndex('esims_item_unit').execute();
  await db.schema.alterTable('esims').dropColumn('unit_index').execute();
  await db.schema.alterTable('products').dropColumn('profile_type').execute();
  await db.schema.alterTable('products').dropColumn('esim_source').execute();
}
