import type { OrderDelivery, OrderStatus, ProductKind } from '@simshop/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { containsAnyText } from '../../db/text-search.ts';

/**
 * The console's queries on orders: a filtered, sorted page out of every order (100 000 and
 * more: each filter is one the migration 0013 indexes serve), the rows of an export, notes, and
 * the sums of the dashboard. The customer's account is joined for the list's search and
 * columns; nothing here writes anything but notes.
 */
export interface AdminOrderFilter {
  status?: readonly OrderStatus[] | undefined;
  kind?: ProductKind | undefined;
  delivery?: OrderDelivery | undefined;
  customer?: string | undefined;
  orderNo?: string | undefined;
  /** Exactly these orders (a selection in the console). */
  orderNos?: readonly string[] | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** One merchant's orders (a merchant's staff see only theirs). */
  merchantId?: number | undefined;
}

export type AdminOrderSort = { field: 'created_at' | 'paid_at' | 'total'; order: 'asc' | 'desc' };

/** Order numbers are 22 characters of digits and capital letters: a prefix's range ends at the prefix padded with Z. */
const ORDER_NO_LENGTH = 22;

/**
 * How an order's product kind is matched: `in` looks the kind up through its index (right for a
 * kind few orders have), `exists` checks each order as the sorted walk meets it and stops at a
 * page (right for a kind most orders have: the other would gather every one of them first).
 */
type KindMatch = 'in' | 'exists';

function filtered(db: Executor, f: AdminOrderFilter, kindMatch: KindMatch = 'in') {
  let q = db.selectFrom('orders');
  if (f.status && f.status.length > 0) q = q.where('orders.status', 'in', f.status);
  if (f.merchantId !== undefined) q = q.where('orders.merchant_id', '=', f.merchantId);
  if (f.orderNos) q = q.where('orders.order_no', 'in', f.orderNos.length > 0 ? f.orderNos : ['']);
  if (f.from !== undefined) q = q.where('orders.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('orders.created_at', '<', f.to);
  if (f.kind) {
    const kind = f.kind;
    q =
      kindMatch === 'in'
        ? q.where('orders.id', 'in', (eb) => eb.selectFrom('order_items').select('order_items.order_id').where('order_items.kind', '=', kind))
        : q.where((eb) => eb.exists(eb.selectFrom('order_items').select('order_items.id').whereRef('order_items.order_id', '=', 'orders.id').where('order_items.kind', '=', kind)));
  }
  if (f.delivery === 'ship') q = q.where('orders.physical', '=', 1).where('orders.pickup_store_id', 'is', null);
  if (f.delivery === 'pickup') q = q.where('orders.pickup_store_id', 'is not', null);
  if (f.orderNo) {
    // The number or its beginning (a day's orders start alike), through the unique index.
    const no = f.orderNo.toUpperCase();
    q = q.where('orders.order_no', '>=', no).where('orders.order_no', '<=', no.padEnd(ORDER_NO_LENGTH, 'Z'));
  }
  if (f.customer) {
    const text = f.customer;
    q = q.where('orders.user_id', 'in', (eb) => eb.selectFrom('users').select('users.id').where(containsAnyText(['users.email', 'users.tel'], text)));
  }
  return q;
}

const rowColumns = [
  'orders.id',
  'orders.order_no',
  'orders.status',
  'orders.created_at',
  'orders.paid_at',
  'orders.currency',
  'orders.subtotal',
  'orders.freight',
  'orders.discount',
  'orders.total',
  'orders.refund_amount',
  'orders.physical',
  'orders.reseller',
  'orders.pay_method',
  'orders.carrier',
  'orders.tracking_no',
  'orders.shipped_at',
  'orders.pickup_store_id',
  'orders.user_id',
  'orders.merchant_id',
  'users.email',
  'users.tel',
  'users.nickname',
] as const;

function sortedPage(db: Executor, f: AdminOrderFilter, sort: AdminOrderSort, kindMatch: KindMatch) {
  const direction = sql.raw(sort.order);
  return (
    filtered(db, f, kindMatch)
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select(rowColumns)
      // Unpaid orders have no payment time: they go last either way, on both engines alike.
      .orderBy(sql`${sql.ref(`orders.${sort.field}`)} ${direction} nulls last`)
      .orderBy('orders.id', sort.order)
  );
}

/** Past this many matching orders, a kind filter is checked along the sorted walk (see KindMatch). */
const KIND_WALK_FROM = 2_000;

export async function listOrders(db: Executor, f: AdminOrderFilter, sort: AdminOrderSort, page: { offset: number; limit: number }) {
  const total = await countOrders(db, f);
  const rows = total === 0 ? [] : await sortedPage(db, f, sort, total > KIND_WALK_FROM ? 'exists' : 'in').limit(page.limit).offset(page.offset).execute();
  return { rows, total };
}

export type AdminOrderListRow = Awaited<ReturnType<typeof listOrders>>['rows'][number];

/** The first `limit` orders of a filtered, sorted list (an export). */
export function exportRows(db: Executor, f: AdminOrderFilter, sort: AdminOrderSort, limit: number) {
  return sortedPage(db, f, sort, 'in').limit(limit).execute();
}

export async function countOrders(db: Executor, f: AdminOrderFilter): Promise<number> {
  const onlyKind = f.kind && !f.status?.length && !f.delivery && f.from === undefined && f.to === undefined && !f.orderNo && !f.customer;
  if (onlyKind) {
    // Counted in the kind's index alone, without visiting the orders.
    const row = await db.selectFrom('order_items').select((eb) => eb.fn.count<number>('order_id').distinct().as('n')).where('kind', '=', f.kind!).executeTakeFirstOrThrow();
    return Number(row.n);
  }
  return Number((await filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

/** The lines of many orders, in chunks (SQLite limits the bound parameters of one statement). */
export async function linesOf(db: Executor, orderIds: readonly number[]) {
  const lines: { order_id: number; kind: ProductKind; name_en: string; name_zh: string; quantity: number }[] = [];
  for (let i = 0; i < orderIds.length; i += 500) {
    const chunk = orderIds.slice(i, i + 500);
    lines.push(...(await db.selectFrom('order_items').select(['order_id', 'kind', 'name_en', 'name_zh', 'quantity']).where('order_id', 'in', chunk).orderBy('id').execute()));
  }
  return lines;
}

export function customerOf(db: Executor, userId: number) {
  return db.selectFrom('users').select(['id', 'email', 'tel', 'nickname', 'role']).where('id', '=', userId).executeTakeFirst();
}

export async function insertNote(db: Executor, row: { orderId: number; staffId: number | null; author: string; body: string; now: number }) {
  await db.insertInto('order_notes').values({ order_id: row.orderId, staff_id: row.staffId, author: row.author, body: row.body, created_at: row.now }).execute();
}

export function notesOf(db: Executor, orderId: number) {
  return db.selectFrom('order_notes').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/**
 * Paid orders per currency since each of several starts, in one pass over the payment-time
 * index: the count and total of orders paid at or after each start.
 */
export async function paidSince(db: Executor, starts: readonly number[], until: number) {
  const earliest = Math.min(...starts);
  let q = db.selectFrom('orders').select('currency').where('paid_at', '>=', earliest).where('paid_at', '<', until).groupBy('currency');
  for (const [i, start] of starts.entries()) {
    q = q.select([
      sql<number>`sum(case when paid_at >= ${start} then 1 else 0 end)`.as(`n${i}`),
      sql<number>`sum(case when paid_at >= ${start} then total else 0 end)`.as(`sum${i}`),
    ]);
  }
  const rows = (await q.execute()) as Array<Record<string, unknown> & { currency: string }>;
  return rows.map((r) => ({ currency: r.currency, counts: starts.map((_, i) => Number(r[`n${i}`] ?? 0)), sums: starts.map((_, i) => Number(r[`sum${i}`] ?? 0)) }));
}

/** Refunds approved (in full or in part) per currency since each of several starts. */
export async function refundedSince(db: Executor, starts: readonly number[], until: number) {
  const earliest = Math.min(...starts);
  let q = db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select('orders.currency')
    .where('order_events.event', 'in', ['approve_refund', 'approve_partial_refund'])
    .where('order_events.created_at', '>=', earliest)
    .where('order_events.created_at', '<', until)
    .groupBy('orders.currency');
  for (const [i, start] of starts.entries()) {
    q = q.select(sql<number>`sum(case when order_events.created_at >= ${start} then coalesce(orders.refund_amount, 0) else 0 end)`.as(`sum${i}`));
  }
  const rows = (await q.execute()) as Array<Record<string, unknown> & { currency: string }>;
  return rows.map((r) => ({ currency: r.currency, sums: starts.map((_, i) => Number(r[`sum${i}`] ?? 0)) }));
}

export async function countByStatus(db: Executor) {
  const rows = await db.selectFrom('orders').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.n) }));
}

/** Paid orders still waiting for (the rest of) their parcel; those collected at a store are not shipped. */
export async function countToShip(db: Executor, statuses: readonly OrderStatus[]): Promise<number> {
  const row = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', 'in', statuses).where('physical', '=', 1).where('pickup_store_id', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}
