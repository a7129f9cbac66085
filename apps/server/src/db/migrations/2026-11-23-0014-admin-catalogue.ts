import { sql, type Kysely } from 'kysely';

/**
 * Products get a stable key (links in home content, imports and the console address a product
 * by it, so they stay right when ids differ between shops) and a version that every edit raises,
 * so two staff saving the same product cannot overwrite each other unseen. Removing a SKU from
 * the console first asks whether any order holds it, hence the index on order items' SKU.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('key', 'text').execute();
  await db.schema.alterTable('products').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await sql`update products set key = case when kind = 'topup' then 'topup-' || lower(currency) else 'product-' || id end`.execute(db);
  await db.schema.createIndex('products_key').on('products').column('key').unique().execute();
  await db.schema.createIndex('order_items_sku').on('order_items').column('sku_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_items_sku').execute();
  await db.schema.dropIndex('products_key').execute();
  await db.schema.alterTable('products').dropColumn('version').execute();
  await db.schema.alterTable('products').dropColumn('key').execute();
}
