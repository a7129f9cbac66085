import type { Kysely } from 'kysely';

/**
 * The console's reports find orders by currency and payment time and add up their totals: with
 * the total in the index, SQLite answers from the index alone and PostgreSQL can scan it only.
 * Only paid orders are in it (most unpaid ones expire), so it stays smaller than the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_currency_paid').on('orders').columns(['currency', 'paid_at', 'total']).where('paid_at', 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_currency_paid').execute();
}
