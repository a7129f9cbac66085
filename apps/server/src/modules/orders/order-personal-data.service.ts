// A customer's orders as their own data: everything for their export, what stops their account
// from being deleted, and what the kept orders hold once it is.
import { ORDER_STATUSES_BLOCKING_DELETION, type OrderAddress } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import * as orders from './order.repository.ts';

/** Every order of a user (deleted ones too), newest first, each with its items. */
export async function ordersWithItemsOf(db: Executor, userId: number) {
  const rows = await orders.listOfUser(db, userId, 0, await orders.countOfUser(db, userId));
  const items = await orders.itemsOf(db, rows.map((r) => r.id));
  return rows.map((order) => ({ order, items: items.filter((i) => i.order_id === order.id) }));
}

/** How many orders of a user wait for payment or are still under way (see ORDER_STATUSES_BLOCKING_DELETION). */
export function ordersBlockingDeletion(db: Executor, userId: number): Promise<number> {
  return orders.countOwn(db, userId, ORDER_STATUSES_BLOCKING_DELETION);
}

/**
 * The address copy of a deleted account's orders keeps the country alone: where the goods went
 * is what accounting and tax need (place of supply); who received them, and where exactly, is
 * personal data with no purpose left once the order is finished.
 */
export async function reduceAddressCopies(tx: Executor, userId: number, now: number): Promise<void> {
  const rows = await orders.listOfUser(tx, userId, 0, await orders.countOfUser(tx, userId));
  for (const row of rows) {
    if (row.address === null) continue;
    const kept = JSON.parse(row.address) as Partial<OrderAddress>;
    const reduced: OrderAddress = { name: '', company: '', tel: '', email: '', country: kept.country ?? '', province: '', city: '', district: '', postCode: '', detail: '' };
    await orders.replaceAddressCopy(tx, row.id, JSON.stringify(reduced), now);
  }
}
