import type { Kysely } from 'kysely';

/**
 * Data left and days left on an eSIM's page: what a travel plan's SKU gives, as numbers
 * the shop can count with (the spec values "5 GB" and "7 days" are words for people, in two
 * languages). `validity_days` null: the SKU is not a plan with a validity (or its facts were
 * never entered); with it set, `data_mb` null means unlimited data. 1 GB = 1000 MB, as SPEC §9
 * shows volumes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product_skus').addColumn('data_mb', 'integer').execute();
  await db.schema.alterTable('product_skus').addColumn('validity_days', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product_skus').dropColumn('validity_days').execute();
  await db.schema.alterTable('product_skus').dropColumn('data_mb').execute();
}
