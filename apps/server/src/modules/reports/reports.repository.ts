import { REPORT_MAX_ROWS } from '@simshop/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.ts';
import * as direct from './reports-direct.repository.ts';
import { localDaySql, type OffsetSegment } from './report-period.ts';

/**
 * The reports' figures from the summary tables that triggers keep (migration 0064), so a year
 * reads thousands of rows rather than a million orders; the same figures as the direct queries
 * (reports-direct.repository.ts), which a test compares them with.
 *
 * - Per local day (sales, eSIM installs): the quarter-hour sums, each put in the local day its
 *   first instant falls in. A zone's midnights and offset changes fall on quarter-hours, so a
 *   quarter-hour is never split; a period where one would be (no zone today) is answered directly.
 * - Per key (product, SKU, merchant, reseller, coupon): the UTC-day sums of the whole UTC days in
 *   the period, plus the partial UTC days at its ends (at most two) from the orders themselves.
 * - Refunds: the same, by the approval's time (quarter-hours per local day, UTC days per key).
 */

export type { Range } from './reports-direct.repository.ts';
export { buyerNames } from './reports-direct.repository.ts';

type Range = direct.Range;
type MoneyRange = Parameters<typeof direct.paidPer>[1];

const Q = 900_000;
const DAY = 86_400_000;
const n = (v: unknown) => Number(v ?? 0);

/** Whether the period's ends and offset changes are on quarter-hours, so the quarter-hour sums answer it. */
function onQuarters(r: Range, segments: readonly OffsetSegment[]) {
  return r.start % Q === 0 && r.end % Q === 0 && segments.every((s) => s.until === null || s.until % Q === 0);
}

/** The period as the whole UTC days in it (null: none) and the instants before and after them. */
function splitDays(r: Range): { days: { from: number; to: number } | null; edges: Range[] } {
  const from = Math.ceil(r.start / DAY);
  const to = Math.floor(r.end / DAY);
  if (from >= to) return { days: null, edges: [r] };
  const edges = [
    { start: r.start, end: from * DAY },
    { start: to * DAY, end: r.end },
  ].filter((e) => e.start < e.end);
  return { days: { from, to }, edges };
}

/** `column` in any of the ranges. */
function inRanges(column: string, ranges: Range[]): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(
    ranges.map((e) => sql`(${sql.ref(column)} >= ${e.start} and ${sql.ref(column)} < ${e.end})`),
    sql` or `,
  )})`;
}

/** Rows of the same key added up, field by field. */
function merged<T extends Record<string, number | string>>(key: keyof T & string, ...parts: T[][]): T[] {
  const out = new Map<number | string, Record<string, number>>();
  for (const row of parts.flat() as Record<string, number>[]) {
    const seen = out.get(row[key]!);
    if (!seen) out.set(row[key]!, { ...row });
    else for (const [f, v] of Object.entries(row)) if (f !== key) seen[f] = (seen[f] ?? 0) + v;
  }
  return [...out.values()] as T[];
}

/** The direct queries' order: the biggest first, then by key; the first REPORT_MAX_ROWS. */
function top<T>(rows: T[], size: (x: T) => number, key: (x: T) => number): T[] {
  return rows.sort((a, b) => size(b) - size(a) || key(a) - key(b)).slice(0, REPORT_MAX_ROWS);
}

export async function paidPerDay(db: Executor, r: MoneyRange, segments: readonly OffsetSegment[]) {
  if (!onQuarters(r, segments)) return direct.paidPerDay(db, r, segments);
  const day = localDaySql(sql`(quarter * ${sql.lit(Q)})`, segments);
  const rows = await db
    .selectFrom('report_sales_quarters')
    .select([day.as('day'), (eb) => eb.fn.sum('orders').as('orders'), (eb) => eb.fn.sum('gross').as('gross')])
    .where('currency', '=', r.currency)
    .where('quarter', '>=', r.start / Q)
    .where('quarter', '<', r.end / Q)
    .groupBy(day)
    .execute();
  return rows.map((x) => ({ day: n(x.day), orders: n(x.orders), gross: n(x.gross) }));
}

export async function refundedPerDay(db: Executor, r: MoneyRange, segments: readonly OffsetSegment[]) {
  if (!onQuarters(r, segments)) return direct.refundedPerDay(db, r, segments);
  const day = localDaySql(sql`(quarter * ${sql.lit(Q)})`, segments);
  const rows = await db
    .selectFrom('report_refund_quarters')
    .select([day.as('day'), (eb) => eb.fn.sum('amount').as('amount')])
    .where('currency', '=', r.currency)
    .where('quarter', '>=', r.start / Q)
    .where('quarter', '<', r.end / Q)
    .groupBy(day)
    .execute();
  return rows.map((x) => ({ day: n(x.day), amount: n(x.amount) }));
}

const REFUND_SUMS = { reseller: ['report_refund_reseller_days', 'user_id'], merchant: ['report_refund_merchant_days', 'merchant_id'], reason: ['report_refund_reason_days', 'reason'] } as const;

/** Refunds approved in the range per buyer (reseller orders), merchant or reason ('': none kept). */
export async function refundedPer(db: Executor, r: MoneyRange, by: 'reseller' | 'merchant' | 'reason', keys?: readonly number[]) {
  if (keys?.length === 0) return [];
  const { days, edges } = splitDays(r);
  const [summary, column] = REFUND_SUMS[by];
  const orderKey: RawBuilder<string | number> = by === 'reason' ? sql`coalesce(orders.refund_reason, '')` : sql`${sql.ref(`orders.${column}`)}`;
  const [summed, rest] = await Promise.all([
    days
      ? db
          // The three tables differ only in their key column: typed as one of them.
          .selectFrom(summary as 'report_refund_merchant_days')
          .select([sql.ref<string | number>(column).as('key'), (eb) => eb.fn.sum('refunds').as('refunds'), (eb) => eb.fn.sum('amount').as('amount')])
          .where('currency', '=', r.currency)
          .where('day', '>=', days.from)
          .where('day', '<', days.to)
          .groupBy(sql.ref(column))
          .execute()
      : [],
    edges.length
      ? db
          .selectFrom('order_events')
          .innerJoin('orders', 'orders.id', 'order_events.order_id')
          .select([orderKey.as('key'), (eb) => eb.fn.countAll().as('refunds'), sql<number>`sum(coalesce(orders.refund_amount, 0))`.as('amount')])
          .where('order_events.event', 'in', ['approve_refund', 'approve_partial_refund'])
          .where(inRanges('order_events.created_at', edges))
          .where('orders.currency', '=', r.currency)
          .$if(by === 'reseller', (q) => q.where('orders.reseller', '=', 1))
          .groupBy(orderKey)
          .execute()
      : [],
  ]);
  const shape = (x: { key: unknown; refunds: unknown; amount: unknown }) => ({ key: by === 'reason' ? String(x.key) : n(x.key), refunds: n(x.refunds), amount: n(x.amount) });
  const rows = merged('key', summed.map(shape), rest.map(shape)).filter((x) => x.refunds > 0);
  return keys ? rows.filter((x) => keys.includes(Number(x.key))) : rows;
}

export async function salesPerProduct(db: Executor, r: MoneyRange, onlyCovering = false) {
  const { days, edges } = splitDays(r);
  const [summed, rest] = await Promise.all([
    days
      ? db
          .selectFrom('report_product_days')
          .select(['product_id', (eb) => eb.fn.sum('orders').as('orders'), (eb) => eb.fn.sum('units').as('units'), (eb) => eb.fn.sum('amount').as('amount')])
          .where('currency', '=', r.currency)
          .where('day', '>=', days.from)
          .where('day', '<', days.to)
          .groupBy('product_id')
          .execute()
      : [],
    edges.length
      ? db
          .selectFrom('orders')
          .innerJoin('order_items', 'order_items.order_id', 'orders.id')
          .select(['order_items.product_id', sql<number>`count(distinct orders.id)`.as('orders'), (eb) => eb.fn.sum('order_items.quantity').as('units'), (eb) => eb.fn.sum('order_items.amount').as('amount')])
          .where('orders.currency', '=', r.currency)
          .where(inRanges('orders.paid_at', edges))
          .groupBy('order_items.product_id')
          .execute()
      : [],
  ]);
  const shape = (x: { product_id: number; orders: unknown; units: unknown; amount: unknown }) => ({ productId: x.product_id, orders: n(x.orders), units: n(x.units), amount: n(x.amount) });
  const sold = merged('productId', summed.map(shape), rest.map(shape)).filter((x) => x.orders > 0);
  return direct.namedProducts(db, onlyCovering ? sold : top(sold, (x) => x.amount, (x) => x.productId), onlyCovering);
}

export async function salesPerCoupon(db: Executor, r: MoneyRange) {
  const { days, edges } = splitDays(r);
  const [summed, rest] = await Promise.all([
    days
      ? db
          .selectFrom('report_coupon_days')
          .select(['coupon_id', (eb) => eb.fn.sum('orders').as('orders'), (eb) => eb.fn.sum('gross').as('gross'), (eb) => eb.fn.sum('discount').as('discount')])
          .where('currency', '=', r.currency)
          .where('day', '>=', days.from)
          .where('day', '<', days.to)
          .groupBy('coupon_id')
          .execute()
      : [],
    edges.length
      ? db
          .selectFrom('coupon_uses')
          .innerJoin('orders', 'orders.id', 'coupon_uses.order_id')
          .select(['coupon_uses.coupon_id', (eb) => eb.fn.countAll().as('orders'), (eb) => eb.fn.sum('orders.total').as('gross'), (eb) => eb.fn.sum('coupon_uses.discount').as('discount')])
          .where('orders.currency', '=', r.currency)
          .where(inRanges('orders.paid_at', edges))
          .groupBy('coupon_uses.coupon_id')
          .execute()
      : [],
  ]);
  const shape = (x: { coupon_id: number; orders: unknown; gross: unknown; discount: unknown }) => ({ couponId: x.coupon_id, orders: n(x.orders), gross: n(x.gross), discount: n(x.discount) });
  const used = merged('couponId', summed.map(shape), rest.map(shape)).filter((x) => x.orders > 0);
  if (used.length === 0) return [];
  const coupons = await db.selectFrom('coupons').select(['id', 'name_en', 'name_zh']).where('id', 'in', used.map((x) => x.couponId)).execute();
  const byId = new Map(coupons.map((c) => [c.id, c]));
  const named = used.flatMap((x) => {
    const c = byId.get(x.couponId);
    return c ? [{ ...x, name: { en: c.name_en, zh: c.name_zh } }] : [];
  });
  return top(named, (x) => x.gross, (x) => x.couponId).map((x) => ({ couponId: x.couponId, name: x.name, orders: x.orders, gross: x.gross, discount: x.discount }));
}

export async function paidPer(db: Executor, r: MoneyRange, by: 'reseller' | 'merchant') {
  const { days, edges } = splitDays(r);
  const summary = by === 'reseller' ? ('report_reseller_days' as const) : ('report_merchant_days' as const);
  const column = by === 'reseller' ? 'user_id' : 'merchant_id';
  const [summed, rest] = await Promise.all([
    days
      ? db
          .selectFrom(summary)
          .select([sql.ref<number>(column).as('key'), (eb) => eb.fn.sum('orders').as('orders'), (eb) => eb.fn.sum('gross').as('gross')])
          .where('currency', '=', r.currency)
          .where('day', '>=', days.from)
          .where('day', '<', days.to)
          .groupBy(column)
          .execute()
      : [],
    edges.length
      ? db
          .selectFrom('orders')
          .select([sql.ref<number>(`orders.${column}`).as('key'), (eb) => eb.fn.countAll().as('orders'), (eb) => eb.fn.sum('orders.total').as('gross')])
          .where('orders.currency', '=', r.currency)
          .where(inRanges('orders.paid_at', edges))
          .$if(by === 'reseller', (q) => q.where('orders.reseller', '=', 1))
          .groupBy(`orders.${column}`)
          .execute()
      : [],
  ]);
  const shape = (x: { key: unknown; orders: unknown; gross: unknown }) => ({ key: n(x.key), orders: n(x.orders), gross: n(x.gross) });
  const rows = merged('key', summed.map(shape), rest.map(shape)).filter((x) => x.orders > 0);
  return top(rows, (x) => x.gross, (x) => x.key);
}

export async function esimInstallsPerDay(db: Executor, r: Range, segments: readonly OffsetSegment[]) {
  if (!onQuarters(r, segments)) return direct.esimInstallsPerDay(db, r, segments);
  const day = localDaySql(sql`(quarter * ${sql.lit(Q)})`, segments);
  const rows = await db
    .selectFrom('report_esim_quarters')
    .select([
      day.as('day'),
      (eb) => eb.fn.sum('units').as('units'),
      (eb) => eb.fn.sum('issued').as('issued'),
      (eb) => eb.fn.sum('installed_24h').as('installed24h'),
      (eb) => eb.fn.sum('installed').as('installed'),
    ])
    .where('quarter', '>=', r.start / Q)
    .where('quarter', '<', r.end / Q)
    .groupBy(day)
    .execute();
  return {
    units: rows.map((x) => ({ day: n(x.day), units: n(x.units) })),
    issued: rows.map((x) => ({ day: n(x.day), issued: n(x.issued), installed24h: n(x.installed24h), installed: n(x.installed) })),
  };
}

/** The median delay to install, walking the installed eSIMs in order of delay (index `report_esims_delay`). */
export async function medianInstallDelay(db: Executor, r: Range, installed: number): Promise<number | null> {
  if (installed === 0) return null;
  const rows = await db
    .selectFrom('report_esims')
    .select('delay')
    .where('delay', 'is not', null)
    .where('paid_at', '>=', r.start)
    .where('paid_at', '<', r.end)
    .orderBy('delay')
    .limit(installed % 2 === 0 ? 2 : 1)
    .offset(Math.floor((installed - 1) / 2))
    .execute();
  if (rows.length === 0) return null;
  return rows.reduce((s, x) => s + n(x.delay), 0) / rows.length;
}

export async function unitsPerSku(db: Executor, r: Range, skuIds: readonly number[]) {
  if (skuIds.length === 0) return [];
  const { days, edges } = splitDays(r);
  const [summed, rest] = await Promise.all([
    days
      ? db
          .selectFrom('report_sku_days')
          .select(['sku_id', (eb) => eb.fn.sum('units').as('units')])
          .where('day', '>=', days.from)
          .where('day', '<', days.to)
          .where('sku_id', 'in', skuIds)
          .groupBy('sku_id')
          .execute()
      : [],
    edges.length
      ? db
          .selectFrom('orders')
          .innerJoin('order_items', 'order_items.order_id', 'orders.id')
          .select(['order_items.sku_id', (eb) => eb.fn.sum('order_items.quantity').as('units')])
          .where(inRanges('orders.paid_at', edges))
          .where('order_items.sku_id', 'in', skuIds)
          .groupBy('order_items.sku_id')
          .execute()
      : [],
  ]);
  const shape = (x: { sku_id: number; units: unknown }) => ({ skuId: x.sku_id, units: n(x.units) });
  return merged('skuId', summed.map(shape), rest.map(shape));
}
