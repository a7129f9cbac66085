import type { Kysely } from 'kysely';

/**
 * One currency per customer. A SKU may carry the owner's prices in currencies other than its
 * product's own (`prices`, JSON contract `OtherPrices`: `{"CNY":{"price":6900,"wholesalePrice":null}}`;
 * the product's own stays in `price`/`wholesale_price`), and an account the currency its holder
 * chose in Mine (`currency`, null: the language's default). Nothing is converted by a rate.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product_skus').addColumn('prices', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('users').addColumn('currency', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('currency').execute();
  await db.schema.alterTable('product_skus').dropColumn('prices').execute();
}
