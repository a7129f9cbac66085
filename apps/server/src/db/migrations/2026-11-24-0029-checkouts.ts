import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The money side of multi-merchant shops.
 *
 * A checkout is what the customer checked out at once: one order per merchant, all made in one
 * transaction and paid by one payment. `orders.checkout_id` groups the orders; a payment with a
 * `checkout_id` covers every order of that checkout (its `order_id` stays the order the customer
 * paid from, so the existing per-order reads keep working). Orders made before this migration,
 * and orders that are not cart checkouts (balance top-ups), have no checkout.
 *
 * A settlement locks one merchant's period: the figures per currency are copied into
 * `settlement_lines` when staff settle it, so what was paid out never changes afterwards.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('checkouts'))
    .addColumn('checkout_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('orders').addColumn('checkout_id', 'integer', (c) => c.references('checkouts.id')).execute();
  await db.schema.createIndex('orders_checkout').on('orders').column('checkout_id').execute();
  await db.schema.alterTable('payments').addColumn('checkout_id', 'integer', (c) => c.references('checkouts.id')).execute();
  await db.schema.createIndex('payments_checkout').on('payments').column('checkout_id').execute();

  await withId(db, db.schema.createTable('settlements'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    // [period_from, period_to): epoch milliseconds, UTC.
    .addColumn('period_from', 'bigint', (c) => c.notNull())
    .addColumn('period_to', 'bigint', (c) => c.notNull())
    // The merchant's rate the figures were computed with.
    .addColumn('commission_bps', 'integer', (c) => c.notNull())
    .addColumn('settled_by', 'integer', (c) => c.references('staff.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Two staff settling the same period at once: one of them wins here.
  await db.schema.createIndex('settlements_merchant_from').on('settlements').columns(['merchant_id', 'period_from']).unique().execute();
  await withId(db, db.schema.createTable('settlement_lines'))
    .addColumn('settlement_id', 'integer', (c) => c.notNull().references('settlements.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('gross', 'integer', (c) => c.notNull())
    .addColumn('refunds', 'integer', (c) => c.notNull())
    .addColumn('commission', 'integer', (c) => c.notNull())
    .addColumn('payable', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('settlement_lines_settlement').on('settlement_lines').column('settlement_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settlement_lines').execute();
  await db.schema.dropTable('settlements').execute();
  await db.schema.dropIndex('payments_checkout').execute();
  await db.schema.alterTable('payments').dropColumn('checkout_id').execute();
  await db.schema.dropIndex('orders_checkout').execute();
  await db.schema.alterTable('orders').dropColumn('checkout_id').execute();
  await db.schema.dropTable('checkouts').execute();
}
