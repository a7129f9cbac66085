import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Staff of the operator console, separate from shop customers, with their own sessions; and the
 * append-only audit log of every write made by staff (console or command line).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('staff'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('last_sign_in_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('staff_sessions'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id', 'id']).execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_staff').on('audit_log').columns(['staff_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff').execute();
}
