import { sql, type Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Applications to become a reseller. A customer has at most one pending application: a partial
 * unique index says so to both databases, so two requests at once cannot both open one. Decided
 * applications stay as the history the console and the customer read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('reseller_applications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('business_name', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('contact_phone', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('business_type', 'text', (c) => c.notNull())
    .addColumn('monthly_volume', 'text', (c) => c.notNull())
    .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reseller_applications_user').on('reseller_applications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('reseller_applications_status').on('reseller_applications').columns(['status', 'created_at']).execute();
  await db.schema
    .createIndex('reseller_applications_one_pending')
    .on('reseller_applications')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reseller_applications').execute();
}
