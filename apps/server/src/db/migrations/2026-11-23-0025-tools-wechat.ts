import type { Kysely } from 'kysely';

/**
 * Tools plugin and WeChat sign-in.
 * `tool_settings`: one row per tool the owner has saved, with whether it shows and its place;
 * no rows means every tool shows in the built-in order. Every row of one save carries the same
 * `updated_at`, which is the version the next save names.
 * `wechat_accounts`: the official account's openid of a shop user (user type 1), one per user.
 * `wechat_tokens`: the official account's access token and JS-SDK ticket, shared by every server
 * process (WeChat invalidates the previous token when a new one is asked for).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tool_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('staff.id'))
    .execute();

  await db.schema
    .createTable('wechat_accounts')
    .addColumn('openid', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('wechat_tokens')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wechat_tokens').execute();
  await db.schema.dropTable('wechat_accounts').execute();
  await db.schema.dropTable('tool_settings').execute();
}
