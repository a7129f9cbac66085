import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  // One row per ECode: issued to the buyer of an `ecode` order item, one per unit.
  await withId(db, db.schema.createTable('ecodes'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('order_item_id', 'integer', (c) => c.references('order_items.id'))
    .addColumn('unit_index', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('buyer_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('imei', 'text')
    .addColumn('variant', 'text')
    .addColumn('esim_id', 'integer', (c) => c.references('esims.id'))
    // A customise in flight holds the code until this time (provider calls run outside a transaction).
    .addColumn('locked_until', 'bigint')
    .addColumn('sold_at', 'bigint')
    .addColumn('customized_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // A unit of an order item gets one code, however often fulfilment runs.
    .addUniqueConstraint('ecodes_unit', ['order_item_id', 'unit_index'])
    .execute();
  await db.schema.createIndex('ecodes_owner').on('ecodes').columns(['user_id', 'status', 'id']).execute();
  await db.schema.createIndex('ecodes_order').on('ecodes').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ecodes').execute();
}
