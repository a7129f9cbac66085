import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { CheckoutsTable, OrderItemsTable, OrdersTable } from '../../db/schema.ts';

// A checkout's statements are built once (db/prepared-query.ts): building and compiling them with
// Kysely on every order cost more of the server's time than SQLite took to run most of them.
const newOrder = preparedQuery((db, v: { row: Insertable<OrdersTable> }) => db.insertInto('orders').values(v.row).returningAll());
const newItems = preparedQuery((db, v: { rows: Insertable<OrderItemsTable>[] }) => db.insertInto('order_items').values(v.rows).returningAll());
const itemsOfOrders = preparedQuery((db, v: { orderIds: readonly number[] }) => db.selectFrom('order_items').selectAll().where('order_id', 'in', v.orderIds).orderBy('id'));
const statusMove = preparedQuery((db, v: { id: number; from: string; to: string; changes: Updateable<OrdersTable>; now: number }) =>
  db
    .updateTable('orders')
    .set({ ...v.changes, status: v.to, updated_at: v.now })
    .where('id', '=', v.id)
    .where('status', '=', v.from),
);
const fieldsUpdate = preparedQuery((db, v: { id: number; status: string; changes: Updateable<OrdersTable>; now: number }) =>
  db
    .updateTable('orders')
    .set({ ...v.changes, updated_at: v.now })
    .where('id', '=', v.id)
    .where('status', '=', v.status),
);
const newCheckout = preparedQuery((db, v: { row: Insertable<CheckoutsTable> }) => db.insertInto('checkouts').values(v.row).returning('id'));
const checkoutsWithIds = preparedQuery((db, v: { ids: readonly number[] }) => db.selectFrom('checkouts').selectAll().where('id', 'in', v.ids));
const ordersOfCheckoutId = preparedQuery((db, v: { checkoutId: number }) => db.selectFrom('orders').selectAll().where('checkout_id', '=', v.checkoutId).orderBy('id'));
const merchantsWithIds = preparedQuery((db, v: { ids: readonly number[] }) => db.selectFrom('merchants').select(['id', 'name_en', 'name_zh', 'commission_bps']).where('id', 'in', v.ids));

/** The new order as stored (a checkout answers with it without reading it again). */
export async function insertOrder(db: Executor, row: Insertable<OrdersTable>) {
  const written = await newOrder.takeFirst(db, { row });
  if (!written) throw new Error('order was not written');
  return written;
}

/** Every row must have the same columns (one writer builds them). */
export async function insertItems(db: Executor, rows: Insertable<OrderItemsTable>[]) {
  if (rows.length === 0) return [];
  return (await newItems.execute(db, { rows })).sort((a, b) => a.id - b.id);
}

/** The caller's order by number; another user's order is not found. */
const ownByNo = preparedQuery((db, v: { userId: number; orderNo: string }) => db.selectFrom('orders').selectAll().where('order_no', '=', v.orderNo).where('user_id', '=', v.userId));
const byNo = preparedQuery((db, v: { orderNo: string }) => db.selectFrom('orders').selectAll().where('order_no', '=', v.orderNo));
const byId = preparedQuery((db, v: { id: number }) => db.selectFrom('orders').selectAll().where('id', '=', v.id));
const eventsOfOrder = preparedQuery((db, v: { orderId: number }) => db.selectFrom('order_events').selectAll().where('order_id', '=', v.orderId).orderBy('id'));
const newEvent = preparedQuery((db, v: { orderId: number; event: string; from: string | null; to: string; actor: string; reason: string; now: number }) =>
  db
    .insertInto('order_events')
    .values({ order_id: v.orderId, event: v.event, from_status: v.from, to_status: v.to, actor: v.actor, reason: v.reason, created_at: v.now })
    .returningAll(),
);

export function findOwn(db: Executor, userId: number, orderNo: string) {
  return ownByNo.takeFirst(db, { userId, orderNo });
}

export function findByNo(db: Executor, orderNo: string) {
  return byNo.takeFirst(db, { orderNo });
}

export function findById(db: Executor, id: number) {
  return byId.takeFirst(db, { id });
}

export function listOwn(db: Executor, userId: number, statuses: readonly string[], offset: number, limit: number) {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('status', 'in', statuses).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countOwn(db: Executor, userId: number, statuses: readonly string[]) {
  return Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('status', 'in', statuses).executeTakeFirstOrThrow()).n);
}

export function itemsOf(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return itemsOfOrders.execute(db, { orderIds });
}

export function eventsOf(db: Executor, orderId: number) {
  return eventsOfOrder.execute(db, { orderId });
}

/** Moves an order from one status to another only if it is still in the first: concurrent changes cannot both win. */
export async function moveStatus(db: Executor, id: number, from: string, to: string, changes: Updateable<OrdersTable>, now: number): Promise<boolean> {
  const res = await statusMove.result(db, { id, from, to, changes, now });
  return Number(res.numAffectedRows) === 1;
}

export async function updateFields(db: Executor, id: number, status: string, changes: Updateable<OrdersTable>, now: number): Promise<boolean> {
  const res = await fieldsUpdate.result(db, { id, status, changes, now });
  return Number(res.numAffectedRows) === 1;
}

export async function insertEvent(db: Executor, row: { orderId: number; event: string; from: string | null; to: string; actor: string; reason: string; now: number }) {
  const written = await newEvent.takeFirst(db, row);
  if (!written) throw new Error('order event was not written');
  return written;
}

/** The status an order had before it last entered `status`. */
export async function statusBefore(db: Executor, orderId: number, status: string) {
  const row = await db
    .selectFrom('order_events')
    .select('from_status')
    .where('order_id', '=', orderId)
    .where('to_status', '=', status)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.from_status ?? null;
}

export function findDue(db: Executor, status: string, column: 'expires_at' | 'shipped_at' | 'received_at' | 'paid_at', before: number, limit: number) {
  return db.selectFrom('orders').select(['id', 'order_no', 'status']).where('status', '=', status).where(column, '<', before).orderBy('id').limit(limit).execute();
}

export async function markStockReturned(db: Executor, itemId: number) {
  const res = await db.updateTable('order_items').set({ stock_reserved: 0 }).where('id', '=', itemId).where('stock_reserved', '=', 1).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Every order of a user, deleted ones included (the console's customer page), newest first. */
export function listOfUser(db: Executor, userId: number, offset: number, limit: number) {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countOfUser(db: Executor, userId: number) {
  return Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
}

/** Issue 15: a checkout (the orders of one cart, one per merchant, paid together). */
export async function insertCheckout(db: Executor, row: Insertable<CheckoutsTable>) {
  const written = await newCheckout.takeFirst(db, { row });
  if (!written) throw new Error('checkout was not written');
  return written.id;
}

export function checkoutsByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return checkoutsWithIds.execute(db, { ids });
}

/** Every order of a checkout, by id (the order their rows are locked in). */
export function ordersOfCheckout(db: Executor, checkoutId: number) {
  return ordersOfCheckoutId.execute(db, { checkoutId });
}

/** Merchants' names for orders and checkouts (read only: the merchants module owns the rows). */
export function merchantsByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return merchantsWithIds.execute(db, { ids });
}
