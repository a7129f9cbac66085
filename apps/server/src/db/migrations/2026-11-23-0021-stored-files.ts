import type { Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * File contents (exports, avatars, product images) kept in the database beside their `files`
 * row, so every server process serves every file (kept on one process's disk, a file was an
 * HTTP 500 on every other). Files written to DATA_DIR before this stay readable there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('file_contents')
    .addColumn('file_id', 'text', (c) => c.primaryKey().references('files.id').onDelete('cascade'))
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('file_contents').execute();
}
