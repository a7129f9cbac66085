import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * `esim_usage_checks`: when the usage-alert sweep next asks the network about an eSIM. A process
 * takes a due eSIM by moving its time forward in one conditional write (the others then find it
 * not due), asks, and sets the next time from how close the plan is to its next threshold: the
 * network is asked about each eSIM every few minutes at most, however many processes sweep.
 *
 * And the SKUs' prices in other currencies (0043) are part of what the shop's catalogue cache
 * holds: changing only them raises the catalogue version too, as the other SKU columns do (0026).
 */
const BUMP = 'update catalogue_version set version = version + 1 where id = 1';
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('esim_usage_checks')
    .addColumn('esim_id', 'integer', (c) => c.primaryKey().references('esims.id').onDelete('cascade'))
    .addColumn('next_check_at', 'bigint', (c) => c.notNull())
    .execute();
  if (isPostgres(db)) await sql.raw('create trigger product_skus_prices_catalogue_version after update of prices on product_skus for each statement execute function bump_catalogue_version()').execute(db);
  else await sql.raw(`create trigger product_skus_prices_catalogue_version after update of prices on product_skus begin ${BUMP}; end`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`drop trigger if exists product_skus_prices_catalogue_version${isPostgres(db) ? ' on product_skus' : ''}`).execute(db);
  await db.schema.dropTable('esim_usage_checks').execute();
}
