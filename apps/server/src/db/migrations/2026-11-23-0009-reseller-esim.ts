import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/** The hidden catalogue products a balance top-up is ordered as, one per currency (docs/decisions.md). */
const TOPUP_PRODUCTS = [
  { currency: 'USD', code: 'TOPUP-USD' },
  { currency: 'CNY', code: 'TOPUP-CNY' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // Which pool SKUs resellers may generate from, and as which eSIM class.
  await db.schema
    .createTable('reseller_esim_classes')
    .addColumn('sku_id', 'integer', (c) => c.primaryKey().references('product_skus.id').onDelete('cascade'))
    .addColumn('class', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('esim_batches'))
    .addColumn('batch_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('product_skus.id'))
    .addColumn('class', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('esim_batches_user').on('esim_batches').columns(['user_id', 'created_at']).execute();

  // A profile belongs to at most one batch (the primary key), so a generation can never hand it out twice.
  await db.schema
    .createTable('esim_batch_items')
    .addColumn('esim_id', 'integer', (c) => c.primaryKey().references('esims.id'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('esim_batches.id'))
    .execute();
  await db.schema.createIndex('esim_batch_items_batch').on('esim_batch_items').column('batch_id').execute();

  // One row per credited top-up item: the key is what makes a replayed payment credit nothing.
  await db.schema
    .createTable('balance_topups')
    .addColumn('order_item_id', 'integer', (c) => c.primaryKey().references('order_items.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  const now = Date.now();
  for (const p of TOPUP_PRODUCTS) {
    const product = await db
      .insertInto('products')
      .values({
        kind: 'topup',
        name_en: 'Balance top-up',
        name_zh: '余额充值',
        currency: p.currency,
        qty_min: 1,
        qty_max: 1,
        // Never listed nor put in a cart: balance.do `topup` writes these orders itself.
        on_sale: 0,
        sort: 9999,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('product_skus').values({ product_id: product.id, code: p.code, options: '[]', price: 0, wholesale_price: null, stock: null, sold_out: 0, sort: 0 }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['balance_topups', 'esim_batch_items', 'esim_batches', 'reseller_esim_classes']) await db.schema.dropTable(table).execute();
  const skus = await db.selectFrom('product_skus').select(['id', 'product_id']).where('code', 'in', TOPUP_PRODUCTS.map((p) => p.code)).execute();
  if (skus.length) {
    await db.deleteFrom('product_skus').where('id', 'in', skus.map((s) => s.id)).execute();
    await db.deleteFrom('products').where('id', 'in', skus.map((s) => s.product_id)).execute();
  }
}
