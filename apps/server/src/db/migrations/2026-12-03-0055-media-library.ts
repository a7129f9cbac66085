import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The console's media library: `media`, one row per uploaded picture (its bytes a stored file,
 * its size, alt text in both languages, who added it), and `media_sizes`, each resized copy made
 * once on first request and stored as a file too, so every process serves the stored copy. The
 * primary key of a size lets two processes making the same one at once keep one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('media'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id'))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('alt_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('alt_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by_staff_id', 'integer')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_created').on('media').column('created_at').execute();
  await db.schema
    .createTable('media_sizes')
    .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_sizes_pk', ['media_id', 'variant'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_sizes').execute();
  await db.schema.dropTable('media').execute();
}
