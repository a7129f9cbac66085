import type { Kysely } from 'kysely';

/**
 * The reseller API's daily spend limits (modules/api-spend). `api_spend_limits`: one row per
 * reseller and currency the API has spent in or a limit was set for: the limit (null: none),
 * what the API's orders took on `day` (UTC days since 1970; a row of an earlier day counts as
 * nothing spent), and the day its 80 % warning last went out, so it goes out once a day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_spend_limits')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('daily_limit', 'bigint')
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('spent', 'bigint', (c) => c.notNull())
    .addColumn('warned_day', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_spend_limits_pk', ['user_id', 'currency'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_spend_limits').execute();
}
