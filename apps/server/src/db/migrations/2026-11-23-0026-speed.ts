import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * The shop's catalogue is cached in each server process, and a cache entry is good
 * while `catalogue_version` holds the number it was read under. Triggers raise the number in the
 * same transaction as any write to what the shop shows of a product (products, their SKUs
 * except stock, labels and which products carry them, reviews): a change made by another process, the
 * command line or a migration invalidates every process's cache when it commits, and no code
 * path can forget to. Stock changes with every order, so it is read live rather than cached;
 * only a SKU's stock starting or ceasing to be counted raises the version.
 */
const WATCHED = ['products', 'labels', 'product_labels', 'product_comments'] as const;
/** Every product_skus column the cache holds (all but id and stock). */
const SKU_COLUMNS = ['product_id', 'code', 'options', 'price', 'wholesale_price', 'sold_out', 'sort', 'recharge_mb'] as const;
const BUMP = 'update catalogue_version set version = version + 1 where id = 1';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('catalogue_version').values({ id: 1, version: 1 }).execute();

  if (isPostgres(db)) {
    await sql.raw(`create function bump_catalogue_version() returns trigger language plpgsql as $$ begin ${BUMP}; return null; end $$`).execute(db);
    for (const table of WATCHED) {
      await sql.raw(`create trigger ${table}_catalogue_version after insert or update or delete on ${table} for each statement execute function bump_catalogue_version()`).execute(db);
    }
    await sql.raw(`create trigger product_skus_catalogue_version after insert or delete or update of ${SKU_COLUMNS.join(', ')} on product_skus for each statement execute function bump_catalogue_version()`).execute(db);
    await sql.raw('create trigger product_skus_counted_catalogue_version after update of stock on product_skus for each row when ((old.stock is null) is distinct from (new.stock is null)) execute function bump_catalogue_version()').execute(db);
    return;
  }
  for (const table of WATCHED) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`create trigger ${table}_${event}_catalogue_version after ${event} on ${table} begin ${BUMP}; end`).execute(db);
    }
  }
  await sql.raw(`create trigger product_skus_insert_catalogue_version after insert on product_skus begin ${BUMP}; end`).execute(db);
  await sql.raw(`create trigger product_skus_delete_catalogue_version after delete on product_skus begin ${BUMP}; end`).execute(db);
  await sql.raw(`create trigger product_skus_update_catalogue_version after update of ${SKU_COLUMNS.join(', ')} on product_skus begin ${BUMP}; end`).execute(db);
  await sql.raw(`create trigger product_skus_counted_catalogue_version after update of stock on product_skus when (old.stock is null) <> (new.stock is null) begin ${BUMP}; end`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of WATCHED) await sql.raw(`drop trigger if exists ${table}_catalogue_version on ${table}`).execute(db);
    await sql.raw('drop trigger if exists product_skus_catalogue_version on product_skus').execute(db);
    await sql.raw('drop trigger if exists product_skus_counted_catalogue_version on product_skus').execute(db);
    await sql.raw('drop function if exists bump_catalogue_version()').execute(db);
  } else {
    for (const table of WATCHED) for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${table}_${event}_catalogue_version`).execute(db);
    for (const name of ['insert', 'delete', 'update', 'counted']) await sql.raw(`drop trigger if exists product_skus_${name}_catalogue_version`).execute(db);
  }
  await db.schema.dropTable('catalogue_version').execute();
}
