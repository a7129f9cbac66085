import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Saved replies for the console's messages: one row per reply in one language, inserted by staff
 * into an answer. Listed by language and title, hence the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('saved_replies'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_replies_language_title').on('saved_replies').columns(['language', 'title']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_replies').execute();
}
