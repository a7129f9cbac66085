import type { Kysely } from 'kysely';

/**
 * Bulk top-ups of the reseller API (modules/reseller-api). `api_bulk_jobs.kind`: what a job orders
 * (`units` of one SKU, as before, or `topup`). `api_bulk_items`: a top-up job's items in the
 * order sent (`seq`), each with the eSIM, the package, the price accepted (debited with the job),
 * and once carried out its order, or the catalogue code of why it failed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_bulk_jobs').addColumn('kind', 'text', (c) => c.notNull().defaultTo('units')).execute();
  await db.schema
    .createTable('api_bulk_items')
    .addColumn('job_id', 'text', (c) => c.notNull().references('api_bulk_jobs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('iccid', 'text', (c) => c.notNull())
    .addColumn('sku_id', 'integer', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('order_no', 'text')
    .addColumn('error_code', 'integer')
    .addPrimaryKeyConstraint('api_bulk_items_pk', ['job_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_bulk_items').execute();
  await db.schema.alterTable('api_bulk_jobs').dropColumn('kind').execute();
}
