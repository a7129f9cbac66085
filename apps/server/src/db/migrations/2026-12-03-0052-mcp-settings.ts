import type { Kysely } from 'kysely';

/**
 * The owner's switches for the shop's MCP server (modules/tools): one row per switch the owner
 * has saved, `server` for the server as a whole and one per tool group (public, customer,
 * reseller, staff). No rows means the defaults (server off). Every row of one save carries the
 * same `updated_at`, which is the version the next save names.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mcp_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('staff.id'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mcp_settings').execute();
}
