import type { Kysely } from 'kysely';

/**
 * Storefront: where a travel plan works and what a traveller needs to know about it.
 * `coverage` holds ISO country codes as `,JP,KR,` so "covers JP" is one portable LIKE on SQLite
 * and PostgreSQL; `travel` is the rest as JSON (networks per country, hotspot, when validity
 * starts), null for products that are not travel plans.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('coverage', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('products').addColumn('travel', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('travel').execute();
  await db.schema.alterTable('products').dropColumn('coverage').execute();
}
