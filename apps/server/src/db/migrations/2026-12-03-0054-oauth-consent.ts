import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The shop as an OAuth authorization server for assistants (modules/oauth). `oauth_records`:
 * what oidc-provider keeps through its adapter (clients, grants, sessions, interactions, codes,
 * tokens, the server's own keys), one row per model and id with the payload as JSON and the
 * fields it looks records up by; in the database so every server process shares them.
 * `mcp_tool_calls`: each tool call an assistant made with a customer's token.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_records')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('user_code', 'text')
    .addColumn('account_id', 'text')
    .addColumn('client_id', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addPrimaryKeyConstraint('oauth_records_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oauth_records_grant').on('oauth_records').column('grant_id').execute();
  await db.schema.createIndex('oauth_records_uid').on('oauth_records').columns(['model', 'uid']).execute();
  await db.schema.createIndex('oauth_records_account').on('oauth_records').columns(['model', 'account_id']).execute();
  await db.schema.createIndex('oauth_records_expires').on('oauth_records').column('expires_at').execute();
  await withId(db, db.schema.createTable('mcp_tool_calls'))
    .addColumn('grant_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tool', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mcp_tool_calls_grant').on('mcp_tool_calls').columns(['grant_id', 'at']).execute();
  await db.schema.createIndex('mcp_tool_calls_user').on('mcp_tool_calls').columns(['user_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mcp_tool_calls').execute();
  await db.schema.dropTable('oauth_records').execute();
}
