import type { Kysely } from 'kysely';

/**
 * The console's customers, messages and comments: staff hide product comments (never delete
 * them) and answer them, with the time of the answer; a locked balance keeps why it was locked.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product_comments').addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('product_comments').addColumn('replied_at', 'bigint').execute();
  await db.schema.alterTable('balances').addColumn('lock_reason', 'text').execute();
  // The console lists comments newest first, often only the hidden or unanswered ones.
  await db.schema.createIndex('product_comments_created').on('product_comments').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('product_comments_created').execute();
  await db.schema.alterTable('balances').dropColumn('lock_reason').execute();
  await db.schema.alterTable('product_comments').dropColumn('replied_at').execute();
  await db.schema.alterTable('product_comments').dropColumn('hidden').execute();
}
