import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.ts';

/**
 * Multi-merchant shops. The platform itself is merchant 1, so every product, order and
 * store that existed before this migration keeps a valid owner through the column default.
 * Staff with a merchant are that merchant's staff; null is platform staff. A coupon with a
 * merchant is that merchant's own; null is platform-wide.
 *
 * The NOT NULL owner columns carry no REFERENCES clause: SQLite refuses to add a referencing
 * column whose default is not NULL. The merchants repository is the only writer of merchant ids,
 * and a merchant is never deleted (it is suspended), so a dangling id cannot arise.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('merchants'))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('logo', 'text')
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('return_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('commission_bps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('applicant_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('merchants_status').on('merchants').column('status').execute();
  await db.schema.createIndex('merchants_applicant').on('merchants').column('applicant_user_id').execute();

  const now = Date.now();
  // Explicit id 1: the platform merchant is addressed by PLATFORM_MERCHANT_ID everywhere.
  await db
    .insertInto('merchants')
    .values({
      id: 1,
      name_en: 'SimShop',
      name_zh: 'SimShop 自营',
      logo: null,
      description_en: 'Sold and shipped by SimShop.',
      description_zh: 'SimShop 自营，官方发货。',
      contact_email: '',
      contact_phone: '',
      return_address: '',
      status: 'active',
      commission_bps: 0,
      applicant_user_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // PostgreSQL's identity does not move for an explicit id: start it past the platform row.
  if (isPostgres(db)) await sql`alter table merchants alter column id restart with 2`.execute(db);

  for (const table of ['products', 'orders', 'stores'] as const) {
    await db.schema.alterTable(table).addColumn('merchant_id', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.createIndex(`${table}_merchant`).on(table).column('merchant_id').execute();
  }
  await db.schema.alterTable('staff').addColumn('merchant_id', 'integer', (c) => c.references('merchants.id')).execute();
  await db.schema.createIndex('staff_merchant').on('staff').column('merchant_id').execute();
  await db.schema.alterTable('coupons').addColumn('merchant_id', 'integer', (c) => c.references('merchants.id')).execute();
  await db.schema.createIndex('coupons_merchant').on('coupons').column('merchant_id').execute();

  // The shop's cached catalogue shows each product's merchant and hides suspended merchants'
  // products: a merchant write raises the catalogue version like a product write (0026).
  if (isPostgres(db)) {
    await sql.raw('create trigger merchants_catalogue_version after insert or update or delete on merchants for each statement execute function bump_catalogue_version()').execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`create trigger merchants_${event}_catalogue_version after ${event} on merchants begin update catalogue_version set version = version + 1 where id = 1; end`).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql.raw('drop trigger if exists merchants_catalogue_version on merchants').execute(db);
  else for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists merchants_${event}_catalogue_version`).execute(db);
  for (const table of ['coupons', 'staff', 'stores', 'orders', 'products'] as const) {
    await db.schema.dropIndex(`${table}_merchant`).execute();
    await db.schema.alterTable(table).dropColumn('merchant_id').execute();
  }
  await db.schema.dropTable('merchants').execute();
}
