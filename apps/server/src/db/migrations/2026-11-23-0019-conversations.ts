import type { Kysely } from 'kysely';

/**
 * Conversations for every customer and the shop's settings.
 * - reseller_messages becomes customer_messages: any customer may now write, so the writer is
 *   'customer' rather than 'reseller'. Rows keep their ids (the chat's cursors).
 * - conversations: one row per customer who has a conversation, with when each side last
 *   looked and how far the away-notice (email or SMS) has reached, so it goes out once per batch.
 * - shop_settings: small JSON documents by key ('contact': the channels "Contact us" shows).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite cannot rename an index: drop it and create it under the new name.
  await db.schema.dropIndex('reseller_messages_user').execute();
  await db.schema.alterTable('reseller_messages').renameTo('customer_messages').execute();
  await db.updateTable('customer_messages').set({ sender: 'customer' }).where('sender', '=', 'reseller').execute();
  await db.schema.createIndex('customer_messages_user').on('customer_messages').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('conversations')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The last time the customer had the chat open (any list or read), and staff the thread.
    .addColumn('customer_seen_at', 'bigint')
    .addColumn('shop_seen_at', 'bigint')
    // The newest shop message the customer was told about by email or SMS (0: none yet).
    .addColumn('notified_through', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notified_at', 'bigint')
    .addColumn('notified_via', 'text')
    .execute();

  await db.schema
    .createTable('shop_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // The staff member who saved last (null: the seed or the command line).
    .addColumn('updated_by', 'integer')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop_settings').execute();
  await db.schema.dropTable('conversations').execute();
  await db.schema.dropIndex('customer_messages_user').execute();
  await db.updateTable('customer_messages').set({ sender: 'reseller' }).where('sender', '=', 'customer').execute();
  await db.schema.alterTable('customer_messages').renameTo('reseller_messages').execute();
  await db.schema.createIndex('reseller_messages_user').on('reseller_messages').columns(['user_id', 'id']).execute();
}
