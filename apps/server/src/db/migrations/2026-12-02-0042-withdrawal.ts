import type { Kysely } from 'kysely';

/**
 * An EU consumer's rights on an order: one row per order placed by a customer living in the EU
 * (EEA), written with the order. It keeps the country the rule was decided on, the consent to
 * immediate performance the customer gave for digital content (when, and which wording), and
 * when the customer withdrew. Orders of anyone else have no row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_consumer_terms')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('consent_at', 'bigint')
    .addColumn('consent_version', 'text')
    .addColumn('withdrawn_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_consumer_terms').execute();
}
