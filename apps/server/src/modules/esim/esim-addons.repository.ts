import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { EsimAddonsTable } from './esim.table.ts';

export async function insertAddon(db: Executor, row: Insertable<EsimAddonsTable>) {
  await db.insertInto('esim_addons').values(row).execute();
}

/** The add-ons of these order items with their eSIM's ICCID (what the worker delivers to). */
export function addonsOfItems(db: Executor, orderItemIds: readonly number[]) {
  if (orderItemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('esim_addons')
    .innerJoin('esims', 'esims.id', 'esim_addons.esim_id')
    .selectAll('esim_addons')
    .select('esims.iccid')
    .where('esim_addons.order_item_id', 'in', [...orderItemIds])
    .orderBy('esim_addons.id')
    .execute();
}

/** Stamps an add-on delivered; a second worker that also delivered it changes nothing. */
export async function markDelivered(db: Executor, id: number, carrierRef: string, now: number) {
  await db.updateTable('esim_addons').set({ carrier_ref: carrierRef, delivered_at: now }).where('id', '=', id).where('delivered_at', 'is', null).execute();
}

/** An order's add-ons not delivered yet (a refund before the carrier took them drops them). */
export async function deleteUndelivered(db: Executor, orderId: number) {
  await db.deleteFrom('esim_addons').where('order_id', '=', orderId).where('delivered_at', 'is', null).execute();
}

/**
 * The add-ons of one eSIM that count: delivered, or paid and being added (their order is paid
 * or further), oldest first, with the name they were sold under.
 */
export function addonsOfEsim(db: Executor, esimId: number) {
  return db
    .selectFrom('esim_addons')
    .innerJoin('orders', 'orders.id', 'esim_addons.order_id')
    .innerJoin('order_items', 'order_items.id', 'esim_addons.order_item_id')
    .select(['esim_addons.id', 'esim_addons.data_mb', 'esim_addons.validity_days', 'esim_addons.created_at', 'esim_addons.delivered_at', 'orders.status', 'orders.paid_at', 'order_items.name_en', 'order_items.name_zh', 'order_items.options'])
    .where('esim_addons.esim_id', '=', esimId)
    .orderBy('esim_addons.id')
    .execute();
}

/** The eSIM each add-on of an order goes to, with the name and order it was sold under. */
export function targetsOfOrder(db: Executor, orderId: number) {
  return db
    .selectFrom('esim_addons')
    .innerJoin('esims', 'esims.id', 'esim_addons.esim_id')
    .leftJoin('order_items', 'order_items.id', 'esims.order_item_id')
    .leftJoin('orders', 'orders.id', 'esims.order_id')
    .select(['esim_addons.order_item_id', 'esim_addons.user_id', 'esims.id as esim_id', 'esims.iccid', 'order_items.name_en', 'order_items.name_zh', 'orders.order_no'])
    .where('esim_addons.order_id', '=', orderId)
    .orderBy('esim_addons.id')
    .execute();
}
