import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Staff sign-in security.
 * - `staff.must_change_password`: a one-time password (new member, reset) must be replaced
 *   before the member can do anything else.
 * - `staff_devices`: browsers a member signed in from, by the hash of a random device id kept in
 *   an HttpOnly cookie; a known device is not slowed down by a stranger's guesses.
 * - `staff_login_throttle`: wrong sign-ins per account from unknown devices, which set a growing
 *   delay instead of a hard lock.
 * - `security_events`: sign-ins, refusals and bad signatures (who, address, what, when); kept
 *   apart from the audit log, which holds changes staff made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await withId(db, db.schema.createTable('staff_devices'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_devices_hash').on('staff_devices').columns(['device_hash', 'staff_id']).unique().execute();
  await db.schema.createIndex('staff_devices_staff').on('staff_devices').column('staff_id').execute();

  await db.schema
    .createTable('staff_login_throttle')
    .addColumn('account', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('security_events'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer')
    .addColumn('account', 'text')
    .addColumn('ip', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('security_events_created').on('security_events').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('security_events_kind').on('security_events').columns(['kind', 'id']).execute();
  await db.schema.createIndex('security_events_account').on('security_events').columns(['account', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('security_events').execute();
  await db.schema.dropTable('staff_login_throttle').execute();
  await db.schema.dropTable('staff_devices').execute();
  await db.schema.alterTable('staff').dropColumn('must_change_password').execute();
}
