import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The reseller API (modules/api-keys, modules/reseller-api). `api_keys`: a reseller's keys, the
 * secret stored only as its SHA-256 (hex, unique: a request finds its key by it) with a short
 * prefix to recognise it by; scopes and the IP allow-list as JSON arrays. `api_idempotency`: the
 * first answer to each Idempotency-Key of an account, written in the transaction that did the
 * work, so processes sharing the database answer a repeated key alike.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('api_keys'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('ip_allow', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('api_idempotency')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_idempotency_pk', ['user_id', 'idem_key'])
    .execute();
  await db.schema.createIndex('api_idempotency_created').on('api_idempotency').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_idempotency').execute();
  await db.schema.dropTable('api_keys').execute();
}
