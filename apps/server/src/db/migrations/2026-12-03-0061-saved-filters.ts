import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * `saved_filter`: a staff member's named views of a console list (the list's filters as JSON).
 * `name_key` is the name in lower case: one member cannot have two views of a list whose names
 * differ only in case, and the unique index holds that even for two saves at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('saved_filter'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('filters_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_filter_staff_list_name').on('saved_filter').columns(['staff_id', 'list', 'name_key']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_filter').execute();
}
