import type { Kysely } from 'kysely';

/**
 * A customer may delete their account: the users row stays (orders, eSIMs and the ledger point at
 * it and are kept as accounting records) but loses its personal data, and `deleted_at` says when.
 * A deleted account cannot sign in; its e-mail and phone are free to register again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
