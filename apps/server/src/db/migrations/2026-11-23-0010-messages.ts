import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/** Reseller messages: one conversation per reseller with the shop. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('reseller_messages'))
    // The reseller whose conversation this is, whoever wrote the message.
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // When the other side read it.
    .addColumn('read_at', 'bigint')
    .execute();
  // Every read is one conversation paged by id.
  await db.schema.createIndex('reseller_messages_user').on('reseller_messages').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reseller_messages').execute();
}
