import type { Kysely } from 'kysely';

/**
 * A superseded payment's provider session is closed, and money that still arrives for
 * it is given back once (the payment row records the automatic refund); the image code gives
 * way to a proof-of-work challenge (single use, bound to what the code is sent for).
 */
const PAYMENT_COLUMNS: [string, 'bigint' | 'integer' | 'text'][] = [
  // When the provider confirmed the hosted session closed (null while open or never opened).
  ['session_closed_at', 'bigint'],
  // Money returned without staff: arrived for a superseded payment or an order no longer payable.
  ['auto_refund_amount', 'integer'],
  ['auto_refund_reason', 'text'],
  ['auto_refund_at', 'bigint'],
];

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite adds a single column at a time.
  for (const [name, type] of PAYMENT_COLUMNS) await db.schema.alterTable('payments').addColumn(name, type).execute();

  await db.schema
    .createTable('pow_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('difficulty', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('pow_challenges_expires').on('pow_challenges').column('expires_at').execute();
  await db.schema.dropTable('image_codes').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('image_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.dropTable('pow_challenges').execute();
  for (const [name] of [...PAYMENT_COLUMNS].reverse()) await db.schema.alterTable('payments').dropColumn(name).execute();
}
