import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Coupons. `uses` on the coupon is raised by a conditional update inside the order's
 * transaction, so the total can never be overspent. A use row holds `active_slot` (the customer's
 * n-th use) and `active_code_id` while it counts; giving it back sets both to null. The unique
 * constraints over those columns make a second use of the same slot or single-use code impossible,
 * and NULLs never collide, on SQLite and PostgreSQL alike.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('coupons'))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('max_discount', 'integer')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('min_spend', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint')
    .addColumn('product_kinds', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('product_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('per_customer', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('with_wholesale', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('distribution', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.unique())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('coupon_codes'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupon_codes_coupon').on('coupon_codes').column('coupon_id').execute();

  await withId(db, db.schema.createTable('coupon_claims'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('coupon_claims_once', ['coupon_id', 'user_id'])
    .execute();
  await db.schema.createIndex('coupon_claims_user').on('coupon_claims').column('user_id').execute();

  await withId(db, db.schema.createTable('coupon_uses'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('code_id', 'integer', (c) => c.references('coupon_codes.id'))
    .addColumn('discount', 'integer', (c) => c.notNull())
    .addColumn('active_slot', 'integer')
    .addColumn('active_code_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('returned_at', 'bigint')
    .addUniqueConstraint('coupon_uses_slot', ['coupon_id', 'user_id', 'active_slot'])
    .addUniqueConstraint('coupon_uses_code', ['active_code_id'])
    .execute();
  await db.schema.createIndex('coupon_uses_coupon').on('coupon_uses').columns(['coupon_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('coupon_uses').execute();
  await db.schema.dropTable('coupon_claims').execute();
  await db.schema.dropTable('coupon_codes').execute();
  await db.schema.dropTable('coupons').execute();
}
