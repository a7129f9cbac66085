import { OrderStatus, type OrderHistoryEvent } from '@simshop/contract';
import { sql, type ExpressionBuilder, type Insertable, type InsertObject, type QueryCreator, type Selectable, type Updateable } from 'kysely';
import { onPostgres, type Executor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { CheckoutsTable, OrderEventsTable, OrderItemsTable, OrdersTable } from './orders.table.ts';
import type { DB } from '../../db/schema.ts';
import type { AnyWithMove, MovePart, RowsOf } from './write-with-move.ts';

// A checkout's statements are built once (db/prepared-query.ts): building and compiling them with
// Kysely on every order cost more of the server's time than SQLite took to run most of them.
const newOrder = preparedQuery((db, v: { row: Insertable<OrdersTable> }) => db.insertInto('orders').values(v.row).returningAll());
const newItems = preparedQuery((db, v: { rows: Insertable<OrderItemsTable>[] }) => db.insertInto('order_items').values(v.rows).returningAll());
const itemsOfOrders = preparedQuery((db, v: { orderIds: readonly number[] }) => db.selectFrom('order_items').selectAll().where('order_id', 'in', v.orderIds).orderBy('id'));
const statusUpdate = (q: QueryCreator<DB>, v: { id: number; from: OrderStatus; to: OrderStatus; changes: Updateable<OrdersTable>; now: number }) =>
  q
    .updateTable('orders')
    .set({ ...v.changes, status: v.to, updated_at: v.now })
    .where('id', '=', v.id)
    .where('status', '=', v.from);
const statusMove = preparedQuery((db, v: { id: number; from: OrderStatus; to: OrderStatus; changes: Updateable<OrdersTable>; now: number }) => statusUpdate(db, v));
const fieldsUpdate = preparedQuery((db, v: { id: number; status: OrderStatus; changes: Updateable<OrdersTable>; now: number }) =>
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

type FirstEvent = { event: OrderHistoryEvent; from_status: OrderStatus | null; to_status: OrderStatus; actor: string; reason: string; created_at: number };

/**
 * PostgreSQL: a new order, its items and its first event in one statement (one round
 * trip instead of three), and with `checkout` the checkout it opens too (the order's
 * checkout_id is the new checkout's); the rows as stored come back as JSON (row_to_json writes
 * each column as its value: these tables hold integers, bigints as numbers and text).
 */
type NewOrderRows = { row: Insertable<OrdersTable>; items: Omit<Insertable<OrderItemsTable>, 'order_id'>[]; event: FirstEvent };
const orderWithItemsAndEvent = (q: QueryCreator<DB>, v: NewOrderRows, row: InsertObject<DB, 'orders'>) => {
  const orderId = sql<number>`(select "id" from "o")`;
  return q
    .with('o', (q) => q.insertInto('orders').values(row).returningAll())
    .with('i', (q) => q.insertInto('order_items').values(v.items.map((item) => ({ ...item, order_id: orderId }))).returningAll())
    .with('e', (q) => q.insertInto('order_events').values({ ...v.event, order_id: orderId }).returningAll())
    .selectFrom('o')
    .select([
      sql<Selectable<OrdersTable>>`row_to_json("o")`.as('order'),
      sql<Selectable<OrderItemsTable>[]>`(select json_agg("i" order by "i"."id") from "i")`.as('items'),
      sql<Selectable<OrderEventsTable>>`(select row_to_json("e") from "e")`.as('event'),
    ]);
};
const newOrderWithItemsAndEvent = preparedQuery((db, v: NewOrderRows) => orderWithItemsAndEvent(db, v, v.row));
// Two queries, not one that looks at `checkout`: a prepared query's builder never branches on a value.
const newCheckoutWithFirstOrder = preparedQuery((db, v: NewOrderRows & { checkout: Insertable<CheckoutsTable> }) =>
  orderWithItemsAndEvent(
    // The checkout's CTE is named in raw SQL only (`c` below): the builder need not know its type.
    db.with('c', (q) => q.insertInto('checkouts').values(v.checkout).returning('id')) as unknown as QueryCreator<DB>,
    v,
    { ...v.row, checkout_id: sql<number>`(select "id" from "c")` },
  ),
);

/**
 * A new order with its items (every row with the same columns) and its first event, in the
 * caller's transaction: the rows as stored. With `checkout`, the order opens that new checkout
 * (written first; the order's checkout_id is its id).
 */
export async function insertOrderWithItemsAndEvent(
  db: Executor,
  row: Insertable<OrdersTable>,
  items: Omit<Insertable<OrderItemsTable>, 'order_id'>[],
  event: { event: OrderHistoryEvent; from: OrderStatus | null; to: OrderStatus; actor: string; reason: string },
  checkout?: Insertable<CheckoutsTable>,
) {
  const now = Number(row.created_at);
  if (onPostgres(db) && items.length > 0) {
    const first = { event: event.event, from_status: event.from, to_status: event.to, actor: event.actor, reason: event.reason, created_at: now };
    const written = await (checkout ? newCheckoutWithFirstOrder.takeFirst(db, { row, items, event: first, checkout }) : newOrderWithItemsAndEvent.takeFirst(db, { row, items, event: first }));
    if (!written) throw new Error('order was not written');
    return { row: written.order, items: written.items, event: written.event };
  }
  const order = await insertOrder(db, checkout ? { ...row, checkout_id: await insertCheckout(db, checkout) } : row);
  return { row: order, items: await insertItems(db, items.map((item) => ({ ...item, order_id: order.id }))), event: await insertEvent(db, { orderId: order.id, ...event, now }) };
}

/** Every row must have the same columns (one writer builds them). */
export async function insertItems(db: Executor, rows: Insertable<OrderItemsTable>[]) {
  if (rows.length === 0) return [];
  return (await newItems.execute(db, { rows })).sort((a, b) => a.id - b.id);
}

const byNo = preparedQuery((db, v: { orderNo: string }) => db.selectFrom('orders').selectAll().where('order_no', '=', v.orderNo));
const byId = preparedQuery((db, v: { id: number }) => db.selectFrom('orders').selectAll().where('id', '=', v.id));
const eventsOfOrder = preparedQuery((db, v: { orderId: number }) => db.selectFrom('order_events').selectAll().where('order_id', '=', v.orderId).orderBy('id'));
const newEvent = preparedQuery((db, v: { orderId: number; event: OrderHistoryEvent; from: OrderStatus | null; to: OrderStatus; actor: string; reason: string; now: number }) =>
  db
    .insertInto('order_events')
    .values({ order_id: v.orderId, event: v.event, from_status: v.from, to_status: v.to, actor: v.actor, reason: v.reason, created_at: v.now })
    .returningAll(),
);

/**
 * PostgreSQL: an order by number, every order of its checkout (or it alone when it has
 * none) and their items, in one statement (a payment's three reads in one round trip).
 * Each branch of the union is an index lookup (by checkout, or by id for an order without one);
 * the rows come back as JSON, as the new order's do.
 */
const ownWithCheckoutAndItems = preparedQuery((db, v: { orderNo: string }) =>
  db
    // By number alone, the unique index (the owner is checked by the caller): with `user_id` too,
    // a plan made while a buyer had few orders walked all of them once it had thousands.
    .with('own', (q) => q.selectFrom('orders').select(['id', 'checkout_id']).where('order_no', '=', v.orderNo))
    .with('together', (q) =>
      q
        .selectFrom('orders')
        .selectAll()
        .where('checkout_id', '=', (eb) => eb.selectFrom('own').select('own.checkout_id'))
        .unionAll((eb) => eb.selectFrom('orders').selectAll().where('id', '=', (eb) => eb.selectFrom('own').select('own.id').where('own.checkout_id', 'is', null))),
    )
    .selectNoFrom([
      sql<Selectable<OrdersTable>[] | null>`(select json_agg("t" order by "t"."id") from "together" as "t")`.as('orders'),
      // Each order's items through a lateral lookup by `order_id`. A named statement keeps the plan
      // made on its first runs on a connection: `= any(array(…))` (priced as ten keys) was planned
      // as a scan of every item even on an empty table, and each payment repeated it as the table
      // grew. The lookup is planned through the index on an empty table; on a small one it is still
      // a hash join over a scan, until the connection is replaced (POSTGRES_CONNECTION_LIFETIME_S).
      sql<Selectable<OrderItemsTable>[] | null>`(select json_agg("i" order by "i"."id") from "together" as "t" cross join lateral (select * from "order_items" where "order_items"."order_id" = "t"."id") as "i")`.as('items'),
    ]),
);

/**
 * The caller's order by number (undefined when it is not theirs), with every order of its
 * checkout, by id, and (when asked) their items, by id: what a payment reads in its transaction.
 */
export async function ownWithCheckout(db: Executor, userId: number, orderNo: string, withItems: boolean) {
  if (onPostgres(db)) {
    const row = await ownWithCheckoutAndItems.takeFirst(db, { orderNo });
    const together = row?.orders ?? [];
    const own = together.find((o) => o.order_no === orderNo);
    if (own?.user_id !== userId) return { own: undefined, together: [], items: [] };
    return { own, together, items: withItems ? (row?.items ?? []) : [] };
  }
  const own = await findOwn(db, userId, orderNo);
  if (!own) return { own, together: [], items: [] };
  const together = own.checkout_id === null ? [own] : await ordersOfCheckout(db, own.checkout_id);
  return { own, together, items: withItems ? await itemsOf(db, together.map((o) => o.id)) : [] };
}

/** The caller's order by number; another user's order is not found. */
export async function findOwn(db: Executor, userId: number, orderNo: string) {
  // By number alone, through its unique index, then the owner: with `user_id` in the statement,
  // PostgreSQL planned it on (user_id, status, created_at) while a buyer had few orders and then
  // walked every order of a buyer with thousands (so PostgreSQL's CPU per checkout grew
  // with the buyer's orders).
  const order = await byNo.takeFirst(db, { orderNo });
  return order?.user_id === userId ? order : undefined;
}

export function findByNo(db: Executor, orderNo: string) {
  return byNo.takeFirst(db, { orderNo });
}

export function findById(db: Executor, id: number) {
  return byId.takeFirst(db, { id });
}

export function listOwn(db: Executor, userId: number, statuses: readonly OrderStatus[], offset: number, limit: number) {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('status', 'in', statuses).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countOwn(db: Executor, userId: number, statuses: readonly OrderStatus[]) {
  return Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('status', 'in', statuses).executeTakeFirstOrThrow()).n);
}

export function itemsOf(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return itemsOfOrders.execute(db, { orderIds });
}

export function eventsOf(db: Executor, orderId: number) {
  return eventsOfOrder.execute(db, { orderId });
}

type NewEvent = { orderId: number; event: OrderHistoryEvent; from: OrderStatus | null; to: OrderStatus; actor: string; reason: string; now: number };

type StatusMove = { id: number; from: OrderStatus; to: OrderStatus; changes: Updateable<OrdersTable>; events: readonly { event: OrderHistoryEvent; from: OrderStatus; to: OrderStatus; actor: string; reason: string }[]; now: number };

/** The events of a move as the rows of an insert's select: one select per event, in order, so their ids follow the order they happened in. */
const eventsOfMove = (q: ExpressionBuilder<DB & { moved: { id: number } }, 'order_events'>, v: StatusMove) =>
  v.events
    .map((e) =>
      q
        .selectFrom('moved')
        .select([
          'moved.id as order_id',
          // A value in a select list has no column to take its type from: each is cast to its column's.
          sql<string>`cast(${e.event} as text)`.as('event'),
          sql<string>`cast(${e.from} as text)`.as('from_status'),
          sql<string>`cast(${e.to} as text)`.as('to_status'),
          sql<string>`cast(${e.actor} as text)`.as('actor'),
          sql<string>`cast(${e.reason} as text)`.as('reason'),
          sql<number>`cast(${v.now} as bigint)`.as('created_at'),
        ]),
    )
    .reduce((all, one) => all.unionAll(one));
const EVENT_COLUMNS = ['order_id', 'event', 'from_status', 'to_status', 'actor', 'reason', 'created_at'] as const;

/**
 * PostgreSQL: the status move and its events in one statement (the events are written only when
 * the order moved): one round trip for every status change.
 */
const statusMoveWithEvents = preparedQuery((db, v: StatusMove) =>
  db
    .with('moved', (q) => statusUpdate(q, v).returning('id'))
    .insertInto('order_events')
    .columns(EVENT_COLUMNS)
    .expression((eb) => eventsOfMove(eb, v))
    .returningAll(),
);

/**
 * PostgreSQL: the same with other modules' writes (MoveParts) in the statement too, their rows
 * and the events back as JSON. One prepared query per list of parts (parts are module constants).
 */
const movesWithParts = new Map<string, ReturnType<typeof composeMove>>();
function composeMove(parts: readonly MovePart<Record<string, unknown>, unknown>[]) {
  return preparedQuery((db, v: StatusMove & Record<string, unknown>) =>
    parts
      .reduce((q: QueryCreator<DB>, part) => part.build(q, v), db)
      .with('moved', (q) => statusUpdate(q, v).returning('id'))
      .with('written', (q) => q.insertInto('order_events').columns(EVENT_COLUMNS).expression((eb) => eventsOfMove(eb, v)).returningAll())
      .selectNoFrom([
        sql<Selectable<OrderEventsTable>[] | null>`(select json_agg("w" order by "w"."id") from "written" as "w")`.as('events'),
        // Each part's rows, in the parts' order.
        sql<unknown[][]>`json_build_array(${sql.join(parts.map((part) => sql`(select coalesce(json_agg("r"), '[]') from ${sql.table(part.returned)} as "r")`))})`.as('also'),
      ]),
  );
}

/**
 * Moves an order from one status to another only if it is still in the first, and writes the
 * events of the move (one per transition it stands for, in order); the events, or undefined when
 * the order was no longer in `from` (nothing written). With `also`, other modules' writes go with
 * it (on PostgreSQL in the same statement, on SQLite just before, in order): each one's rows come
 * back; their values' names must differ from each other's and the move's (id, from, to, changes,
 * events, now).
 */
export async function moveStatusWithEvents<P extends readonly AnyWithMove[]>(db: Executor, move: StatusMove, also: P): Promise<{ events: Selectable<OrderEventsTable>[]; also: RowsOf<P> } | undefined> {
  if (onPostgres(db)) {
    if (also.length > 0) {
      const parts = also.map((a) => a.part as MovePart<Record<string, unknown>, unknown>);
      const key = parts.map((p) => p.name).join('+');
      let composed = movesWithParts.get(key);
      if (!composed) movesWithParts.set(key, (composed = composeMove(parts)));
      const written = await composed.takeFirst(db, Object.assign({}, move, ...also.map((a) => a.values)));
      const events = written?.events ?? [];
      return events.length === 0 ? undefined : { events, also: (written?.also ?? []) as RowsOf<P> };
    }
    const written = await statusMoveWithEvents.execute(db, move);
    return written.length === 0 ? undefined : { events: written.sort((a, b) => a.id - b.id), also: [] as unknown as RowsOf<P> };
  }
  const alsoWritten = await writeWithoutMove(db, also);
  if (!(await moveStatus(db, move.id, move.from, move.to, move.changes, move.now))) return undefined;
  const written = [];
  for (const e of move.events) written.push(await insertEvent(db, { orderId: move.id, event: e.event, from: e.from, to: e.to, actor: e.actor, reason: e.reason, now: move.now }));
  return { events: written, also: alsoWritten };
}

/** Other modules' writes meant to go with a move, as statements of their own, in order (SQLite, or no move to go with). */
export async function writeWithoutMove<P extends readonly AnyWithMove[]>(db: Executor, also: P): Promise<RowsOf<P>> {
  const rows: unknown[][] = [];
  for (const a of also) rows.push(await (a.part as MovePart<Record<string, unknown>, unknown>).separately(db, a.values));
  return rows as RowsOf<P>;
}

/** Moves an order from one status to another only if it is still in the first: concurrent changes cannot both win. */
async function moveStatus(db: Executor, id: number, from: OrderStatus, to: OrderStatus, changes: Updateable<OrdersTable>, now: number): Promise<boolean> {
  const res = await statusMove.result(db, { id, from, to, changes, now });
  return Number(res.numAffectedRows) === 1;
}

export async function updateFields(db: Executor, id: number, status: OrderStatus, changes: Updateable<OrdersTable>, now: number): Promise<boolean> {
  const res = await fieldsUpdate.result(db, { id, status, changes, now });
  return Number(res.numAffectedRows) === 1;
}

export async function insertEvent(db: Executor, row: NewEvent) {
  const written = await newEvent.takeFirst(db, row);
  if (!written) throw new Error('order event was not written');
  return written;
}

/** The status an order had before it last entered `status`. */
export async function statusBefore(db: Executor, orderId: number, status: OrderStatus) {
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

export function findDue(db: Executor, status: OrderStatus, column: 'expires_at' | 'shipped_at' | 'received_at' | 'paid_at', before: number, limit: number) {
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

/** A checkout (the orders of one cart, one per merchant, paid together). */
export async function insertCheckout(db: Executor, row: Insertable<CheckoutsTable>) {
  const written = await newCheckout.takeFirst(db, { row });
  if (!written) throw new Error('checkout was not written');
  return written.id;
}

export function checkoutsByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return checkoutsWithIds.execute(db, { ids });
}

/** How many orders each checkout made that the customer still sees (their deleted ones left out). */
export async function shownOrderCounts(db: Executor, checkoutIds: readonly number[]): Promise<Map<number, number>> {
  if (checkoutIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['checkout_id', eb.fn.countAll<number>().as('n')])
    .where('checkout_id', 'in', checkoutIds)
    .where('status', '!=', OrderStatus.deleted)
    .groupBy('checkout_id')
    .execute();
  return new Map(rows.map((r) => [r.checkout_id!, Number(r.n)]));
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

/** Replaces the address copy an order keeps (JSON), whatever the order's status. */
export async function replaceAddressCopy(db: Executor, id: number, address: string, now: number) {
  await db.updateTable('orders').set({ address, updated_at: now }).where('id', '=', id).execute();
}
