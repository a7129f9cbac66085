import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { OrderConsumerTermsTable } from './orders.table.ts';

export type ConsumerTermsRow = Selectable<OrderConsumerTermsTable>;

export async function insertTerms(db: Executor, rows: Insertable<OrderConsumerTermsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('order_consumer_terms').values(rows).execute();
}

export function termsOf(db: Executor, orderId: number): Promise<ConsumerTermsRow | undefined> {
  return db.selectFrom('order_consumer_terms').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** Stamps the withdrawal once: false when the order was withdrawn from already (or has no terms). */
export async function markWithdrawn(db: Executor, orderId: number, now: number): Promise<boolean> {
  const r = await db.updateTable('order_consumer_terms').set({ withdrawn_at: now }).where('order_id', '=', orderId).where('withdrawn_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
