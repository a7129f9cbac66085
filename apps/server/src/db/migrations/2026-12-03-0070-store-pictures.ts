import type { Kysely } from 'kysely';

/** `stores.picture`: a media library picture of the store (`media:<key>`); null: none. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stores').addColumn('picture', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stores').dropColumn('picture').execute();
}
