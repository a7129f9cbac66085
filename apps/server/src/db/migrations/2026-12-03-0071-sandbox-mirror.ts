import type { Kysely } from 'kysely';

/**
 * The reseller API's sandbox (modules/sandbox) is a second database with this same schema; this
 * table is used only there. `sandbox_mirror`: what the sandbox last copied from the live shop
 * (`catalogue`, or `user:<id>` for a reseller) and the fingerprint of the live rows it copied,
 * so a test key's request copies again only when that fingerprint moved. A reseller's row here
 * also says their play balance was credited (once, on their first copy).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sandbox_mirror')
    .addColumn('what', 'text', (c) => c.primaryKey())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('mirrored_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sandbox_mirror').execute();
}
