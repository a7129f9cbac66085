import { sql, type Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The console's content: a draft of each content block per language (what staff are editing,
 * with an edition that every save raises so two editors cannot overwrite each other unseen), and
 * every published revision of it (json_contents keeps serving the published one to the shop).
 * Articles get a version for the same reason. Indexes for the console's payment and job lists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_drafts')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('edition', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_drafts_pk', ['name', 'version', 'lang'])
    .execute();

  await withId(db, db.schema.createTable('content_revisions'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addUniqueConstraint('content_revisions_block_revision', ['name', 'version', 'lang', 'revision'])
    .execute();
  // What the shop shows today is revision 1 of each block.
  await sql`insert into content_revisions (name, version, lang, revision, content, published_at, published_by)
            select name, version, lang, 1, content, updated_at, 'system' from json_contents`.execute(db);

  await db.schema.alterTable('articles').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();

  await db.schema.createIndex('outbox_failed_at').on('outbox').column('failed_at').execute();
  await db.schema.createIndex('payments_created_at').on('payments').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_created_at').execute();
  await db.schema.dropIndex('outbox_failed_at').execute();
  await db.schema.alterTable('articles').dropColumn('version').execute();
  await db.schema.dropTable('content_revisions').execute();
  await db.schema.dropTable('content_drafts').execute();
}
