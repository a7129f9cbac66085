import type { Executor } from '../../db/database.ts';

/**
 * Records a request, or arms again one already sent for the same product and address (the
 * newest language and link win). One row per product and address whatever the concurrency.
 */
export async function upsertNotice(db: Executor, row: { productId: number; userId: number | null; channel: 'email' | 'sms'; address: string; language: string; link: string; now: number }) {
  await db
    .insertInto('stock_notices')
    .values({ product_id: row.productId, user_id: row.userId, channel: row.channel, address: row.address, language: row.language, link: row.link, created_at: row.now, notified_at: null })
    .onConflict((oc) => oc.columns(['product_id', 'address']).doUpdateSet((eb) => ({ notified_at: null, language: eb.ref('excluded.language'), link: eb.ref('excluded.link') })))
    .execute();
}

/** Whether a request for this product and address waits for the product (not yet sent). */
export async function isWaiting(db: Executor, productId: number, address: string): Promise<boolean> {
  const row = await db.selectFrom('stock_notices').select('id').where('product_id', '=', productId).where('address', '=', address).where('notified_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

/** Of these products (or the products of these SKUs), those with requests still waiting: one query. */
export async function productsWaiting(db: Executor, ref: { productIds?: readonly number[]; skuIds?: readonly number[] }): Promise<number[]> {
  const productIds = ref.productIds ?? [];
  const skuIds = ref.skuIds ?? [];
  if (productIds.length === 0 && skuIds.length === 0) return [];
  const rows = await db
    .selectFrom('stock_notices')
    .select('stock_notices.product_id')
    .distinct()
    .where('stock_notices.notified_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(productIds.length ? [eb('stock_notices.product_id', 'in', [...productIds])] : []),
        ...(skuIds.length ? [eb('stock_notices.product_id', 'in', eb.selectFrom('product_skus').select('product_skus.product_id').where('product_skus.id', 'in', [...skuIds]))] : []),
      ]),
    )
    .execute();
  return rows.map((r) => r.product_id);
}

/**
 * Marks a product's waiting requests sent and returns them: the conditional update makes each go
 * to one transaction only, however many restock the product at once.
 */
export function claimWaiting(db: Executor, productId: number, now: number) {
  return db
    .updateTable('stock_notices')
    .set({ notified_at: now })
    .where('product_id', '=', productId)
    .where('notified_at', 'is', null)
    .returning(['id', 'channel', 'address', 'language', 'link'])
    .execute();
}

export async function deleteOfUser(db: Executor, userId: number) {
  await db.deleteFrom('stock_notices').where('user_id', '=', userId).execute();
}
