import type { Kysely } from 'kysely';

/**
 * Bulk orders of the reseller API (modules/reseller-api). `api_bulk_jobs`: one accepted job, its
 * public id the primary key; the SKU, the unit price and amount accepted (the amount was debited
 * then), the progress the background job commits with each order it writes (`issued`, the
 * order numbers as a JSON array) and, once over, the units that failed, the amount given back
 * and the catalogue code of why.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_bulk_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_id', 'integer', (c) => c.notNull())
    .addColumn('sku_id', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('chunk_units', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('issued', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('refunded', 'bigint', (c) => c.notNull())
    .addColumn('order_nos', 'text', (c) => c.notNull())
    .addColumn('error_code', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_bulk_jobs_user').on('api_bulk_jobs').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_bulk_jobs').execute();
}
