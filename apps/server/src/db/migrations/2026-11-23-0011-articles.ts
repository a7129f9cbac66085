import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/** Articles (tutorials) in both languages; the slug lets the owner's import update one in place. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('articles'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_en', 'text', (c) => c.notNull())
    .addColumn('content_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('released_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('articles').execute();
}
