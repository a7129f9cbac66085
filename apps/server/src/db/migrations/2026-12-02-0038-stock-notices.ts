import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * "Notify me when it is back": one row per sold-out product and address (an e-mail address, or
 * the phone of an account without one). `notified_at` is set in the transaction that queues the
 * notice, when the product is back in stock: the notice goes once. Asking again after it went
 * arms the row again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('stock_notices'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    // The goods page as the customer reached the shop (PUBLIC_URL or the request's origin).
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('notified_at', 'bigint')
    .addUniqueConstraint('stock_notices_product_address', ['product_id', 'address'])
    .execute();
  // The restock hook looks up a product's notices still waiting.
  await db.schema.createIndex('stock_notices_waiting').on('stock_notices').columns(['product_id', 'notified_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_notices').execute();
}
