import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { EsimsTable } from '../../db/schema.ts';

export async function insertProfiles(db: Executor, rows: Insertable<EsimsTable>[]) {
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('esims').values(rows.slice(i, i + 200)).execute();
}

export function findProfile(db: Executor, dpAddress: string, activationCode: string) {
  return db.selectFrom('esims').select('id').where('dp_address', '=', dpAddress).where('activation_code', '=', activationCode).executeTakeFirst();
}

/**
 * Takes up to `quantity` unassigned pool profiles of a SKU for an order item. On PostgreSQL the
 * candidate rows are locked and skipped by concurrent payers; on SQLite the writer lock does it.
 * The status check in the update makes a profile go to one order only, whatever happens.
 */
export async function assignFromPool(db: Executor, opts: { skuId: number; quantity: number; userId: number; orderId: number; orderItemId: number; now: number; postgres: boolean }) {
  let candidates = db.selectFrom('esims').select('id').where('sku_id', '=', opts.skuId).where('record_status', '=', 'unassigned').orderBy('id').limit(opts.quantity);
  if (opts.postgres) candidates = candidates.forUpdate().skipLocked();
  const ids = (await candidates.execute()).map((r) => r.id);
  if (ids.length === 0) return 0;
  const res = await db
    .updateTable('esims')
    .set({ user_id: opts.userId, order_id: opts.orderId, order_item_id: opts.orderItemId, record_status: 'assigned', assigned_at: opts.now, updated_at: opts.now })
    .where('id', 'in', ids)
    .where('record_status', '=', 'unassigned')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function countAssignedToItem(db: Executor, orderItemId: number) {
  return Number((await db.selectFrom('esims').select((eb) => eb.fn.countAll<number>().as('n')).where('order_item_id', '=', orderItemId).executeTakeFirstOrThrow()).n);
}

export function listOwn(db: Executor, userId: number, offset: number, limit: number) {
  return db
    .selectFrom('esims')
    .leftJoin('orders', 'orders.id', 'esims.order_id')
    .leftJoin('order_items', 'order_items.id', 'esims.order_item_id')
    .selectAll('esims')
    .select(['orders.order_no', 'order_items.name_en', 'order_items.name_zh'])
    .where('esims.user_id', '=', userId)
    .orderBy('esims.assigned_at', 'desc')
    .orderBy('esims.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countOwn(db: Executor, userId: number) {
  return Number((await db.selectFrom('esims').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
}

export function findOwn(db: Executor, userId: number, id: number) {
  return db
    .selectFrom('esims')
    .leftJoin('orders', 'orders.id', 'esims.order_id')
    .leftJoin('order_items', 'order_items.id', 'esims.order_item_id')
    .selectAll('esims')
    .select(['orders.order_no', 'order_items.name_en', 'order_items.name_zh'])
    .where('esims.user_id', '=', userId)
    .where('esims.id', '=', id)
    .executeTakeFirst();
}

export function installLogOf(db: Executor, esimId: number) {
  return db.selectFrom('esim_install_logs').selectAll().where('esim_id', '=', esimId).orderBy('id').execute();
}

export async function updateOwn(db: Executor, userId: number, id: number, changes: { remark?: string; scan_times?: number }, now: number) {
  await db.updateTable('esims').set({ ...changes, updated_at: now }).where('user_id', '=', userId).where('id', '=', id).execute();
}

export async function incrementScans(db: Executor, userId: number, id: number, now: number) {
  await db
    .updateTable('esims')
    .set((eb) => ({ scan_times: eb('scan_times', '+', 1), updated_at: now }))
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}
