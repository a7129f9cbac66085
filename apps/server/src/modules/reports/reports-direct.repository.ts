import { InstallLogType, REPORT_MAX_ROWS, type Currency } from '@simshop/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { localDaySql, type OffsetSegment } from './report-period.ts';

/**
 * The reports' figures computed straight from the order, refund, catalogue, coupon and eSIM
 * tables, grouped in the database (one row per day or per product, never per order): the
 * reference the summary-based queries (reports.repository.ts) must agree with, what they fall
 * back on for a period whose ends are not on quarter-hours, and the refunds' queries (refunds
 * are few and read the order's current refund amount, so they have no summary). A report is
 * a join across modules that no one module's service can answer without reading every order, so
 * this read model queries those tables directly and writes none of them. Orders are found by
 * their payment time through `orders_currency_paid` (migration 0051); refunds by their approval
 * event through `order_events_event_order` (0064).
 */

export interface Range {
  start: number;
  end: number;
}
interface MoneyRange extends Range {
  currency: Currency;
}

const REFUND_EVENTS = ['approve_refund', 'approve_partial_refund'] as const;
const DAY = 86_400_000;
const n = (v: unknown) => Number(v ?? 0);

/** Orders paid in the range in one currency, per local day: count and total. */
export async function paidPerDay(db: Executor, r: MoneyRange, segments: readonly OffsetSegment[]) {
  const day = localDaySql(sql.ref('paid_at'), segments);
  const rows = await db
    .selectFrom('orders')
    .select([day.as('day'), (eb) => eb.fn.countAll().as('orders'), (eb) => eb.fn.sum('total').as('gross')])
    .where('currency', '=', r.currency)
    .where('paid_at', '>=', r.start)
    .where('paid_at', '<', r.end)
    .groupBy(day)
    .execute();
  return rows.map((x) => ({ day: n(x.day), orders: n(x.orders), gross: n(x.gross) }));
}

/** Refunds approved in the range (by the approval's time) of orders in one currency, per local day. */
export async function refundedPerDay(db: Executor, r: MoneyRange, segments: readonly OffsetSegment[]) {
  const day = localDaySql(sql.ref('order_events.created_at'), segments);
  const rows = await db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select([day.as('day'), sql<number>`sum(coalesce(orders.refund_amount, 0))`.as('amount')])
    .where('order_events.event', 'in', REFUND_EVENTS)
    .where('order_events.created_at', '>=', r.start)
    .where('order_events.created_at', '<', r.end)
    .where('orders.currency', '=', r.currency)
    .groupBy(day)
    .execute();
  return rows.map((x) => ({ day: n(x.day), amount: n(x.amount) }));
}

/**
 * Item sales per product of the orders paid in the range: orders, units, item amounts (before
 * order-level discounts). Grouped by the item's product id alone, then named: grouping by the
 * joined names cost a third more.
 */
export async function salesPerProduct(db: Executor, r: MoneyRange, onlyCovering = false) {
  let q = db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select(['order_items.product_id', sql<number>`count(distinct orders.id)`.as('orders'), (eb) => eb.fn.sum('order_items.quantity').as('units'), (eb) => eb.fn.sum('order_items.amount').as('amount')])
    .where('orders.currency', '=', r.currency)
    .where('orders.paid_at', '>=', r.start)
    .where('orders.paid_at', '<', r.end)
    .groupBy('order_items.product_id');
  if (!onlyCovering) q = q.orderBy(sql`sum(order_items.amount)`, 'desc').orderBy('order_items.product_id').limit(REPORT_MAX_ROWS);
  const sold = await q.execute();
  return namedProducts(db, sold.map((x) => ({ productId: x.product_id, orders: n(x.orders), units: n(x.units), amount: n(x.amount) })), onlyCovering);
}

/** Products' sales with the products' keys, names and coverage (`onlyCovering`: those with a coverage only). */
export async function namedProducts(db: Executor, sold: Array<{ productId: number; orders: number; units: number; amount: number }>, onlyCovering: boolean) {
  if (sold.length === 0) return [];
  let names = db.selectFrom('products').select(['id', 'key', 'name_en', 'name_zh', 'coverage']).where('id', 'in', sold.map((x) => x.productId));
  if (onlyCovering) names = names.where('coverage', '<>', '');
  const byId = new Map((await names.execute()).map((p) => [p.id, p]));
  return sold.flatMap((x) => {
    const p = byId.get(x.productId);
    return p ? [{ id: p.id, key: p.key, nameEn: p.name_en, nameZh: p.name_zh, coverage: p.coverage, orders: x.orders, units: x.units, amount: x.amount }] : [];
  });
}

/** Orders paid in the range with a coupon, per coupon: orders, their totals and the discount given. */
export async function salesPerCoupon(db: Executor, r: MoneyRange) {
  const rows = await db
    .selectFrom('coupon_uses')
    .innerJoin('orders', 'orders.id', 'coupon_uses.order_id')
    .innerJoin('coupons', 'coupons.id', 'coupon_uses.coupon_id')
    .select(['coupons.id', 'coupons.name_en', 'coupons.name_zh', (eb) => eb.fn.countAll().as('orders'), (eb) => eb.fn.sum('orders.total').as('gross'), (eb) => eb.fn.sum('coupon_uses.discount').as('discount')])
    .where('orders.currency', '=', r.currency)
    .where('orders.paid_at', '>=', r.start)
    .where('orders.paid_at', '<', r.end)
    .groupBy(['coupons.id', 'coupons.name_en', 'coupons.name_zh'])
    .orderBy(sql`sum(orders.total)`, 'desc')
    .orderBy('coupons.id')
    .limit(REPORT_MAX_ROWS)
    .execute();
  return rows.map((x) => ({ couponId: x.id, name: { en: x.name_en, zh: x.name_zh }, orders: n(x.orders), gross: n(x.gross), discount: n(x.discount) }));
}

/** Orders paid in the range per buyer (`reseller`: reseller buyers only) or per merchant. */
export async function paidPer(db: Executor, r: MoneyRange, by: 'reseller' | 'merchant') {
  const key = by === 'reseller' ? 'orders.user_id' : 'orders.merchant_id';
  let q = db
    .selectFrom('orders')
    .select([sql.ref<number>(key).as('key'), (eb) => eb.fn.countAll().as('orders'), (eb) => eb.fn.sum('orders.total').as('gross')])
    .where('orders.currency', '=', r.currency)
    .where('orders.paid_at', '>=', r.start)
    .where('orders.paid_at', '<', r.end)
    .groupBy(key)
    .orderBy(sql`sum(orders.total)`, 'desc')
    .orderBy(key)
    .limit(REPORT_MAX_ROWS);
  if (by === 'reseller') q = q.where('orders.reseller', '=', 1);
  const rows = await q.execute();
  return rows.map((x) => ({ key: n(x.key), orders: n(x.orders), gross: n(x.gross) }));
}

/** Refunds approved in the range, per buyer, merchant or reason (reseller: of reseller orders only). */
export async function refundedPer(db: Executor, r: MoneyRange, by: 'reseller' | 'merchant' | 'reason', keys?: readonly number[]) {
  if (keys?.length === 0) return [];
  const key = by === 'reseller' ? 'orders.user_id' : by === 'merchant' ? 'orders.merchant_id' : 'orders.refund_reason';
  let q = db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select([sql.ref<string | number | null>(key).as('key'), (eb) => eb.fn.countAll().as('refunds'), sql<number>`sum(coalesce(orders.refund_amount, 0))`.as('amount')])
    .where('order_events.event', 'in', REFUND_EVENTS)
    .where('order_events.created_at', '>=', r.start)
    .where('order_events.created_at', '<', r.end)
    .where('orders.currency', '=', r.currency)
    .groupBy(key);
  if (by === 'reseller') q = q.where('orders.reseller', '=', 1);
  if (keys) q = q.where(sql.ref(key), 'in', keys);
  const rows = await q.execute();
  return rows.map((x) => ({ key: x.key, refunds: n(x.refunds), amount: n(x.amount) }));
}

/** How the buyers are named in a report: e-mail, else phone, else nickname. */
export function buyerNames(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'email', 'tel', 'nickname']).where('id', 'in', userIds).execute();
}

/**
 * The eSIMs of orders paid in the range (any currency), with the time of the order's payment and
 * of the eSIM's first successful install (null: never), as a subquery to count over.
 */
function issuedEsims(db: Executor, r: Range) {
  return db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .innerJoin('esims', 'esims.order_item_id', 'order_items.id')
    .select([
      'orders.paid_at',
      (eb) =>
        eb
          .selectFrom('esim_install_logs')
          .select((e2) => e2.fn.min('esim_install_logs.created_at').as('first'))
          .whereRef('esim_install_logs.esim_id', '=', 'esims.id')
          .where('esim_install_logs.type', '=', InstallLogType.successInstall)
          .as('installed_at'),
    ])
    .where('orders.paid_at', '>=', r.start)
    .where('orders.paid_at', '<', r.end)
    .where('order_items.kind', '=', 'esim');
}

/** eSIM units paid, eSIMs issued and installed within 24 h (and at all) per local day of payment. */
export async function esimInstallsPerDay(db: Executor, r: Range, segments: readonly OffsetSegment[]) {
  const paidDay = localDaySql(sql.ref('orders.paid_at'), segments);
  const units = await db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select([paidDay.as('day'), (eb) => eb.fn.sum('order_items.quantity').as('units')])
    .where('orders.paid_at', '>=', r.start)
    .where('orders.paid_at', '<', r.end)
    .where('order_items.kind', '=', 'esim')
    .groupBy(paidDay)
    .execute();
  const day = localDaySql(sql.ref('t.paid_at'), segments);
  const issued = await db
    .selectFrom(issuedEsims(db, r).as('t'))
    .select([
      day.as('day'),
      (eb) => eb.fn.countAll().as('issued'),
      sql<number>`sum(case when t.installed_at is not null and t.installed_at <= t.paid_at + ${sql.lit(DAY)} then 1 else 0 end)`.as('installed24h'),
      sql<number>`sum(case when t.installed_at is not null then 1 else 0 end)`.as('installed'),
    ])
    .groupBy(day)
    .execute();
  return {
    units: units.map((x) => ({ day: n(x.day), units: n(x.units) })),
    issued: issued.map((x) => ({ day: n(x.day), issued: n(x.issued), installed24h: n(x.installed24h), installed: n(x.installed) })),
  };
}

/**
 * The median time from payment to first install, of the `installed` eSIMs: the middle one (or
 * the two middle ones) in order of delay, picked by the database.
 */
export async function medianInstallDelay(db: Executor, r: Range, installed: number): Promise<number | null> {
  if (installed === 0) return null;
  const rows = await db
    .selectFrom(issuedEsims(db, r).as('t'))
    .select(sql<number>`t.installed_at - t.paid_at`.as('delay'))
    .where('t.installed_at', 'is not', null)
    .orderBy('delay')
    .limit(installed % 2 === 0 ? 2 : 1)
    .offset(Math.floor((installed - 1) / 2))
    .execute();
  if (rows.length === 0) return null;
  return rows.reduce((s, x) => s + n(x.delay), 0) / rows.length;
}

/** eSIM units per SKU of the orders paid in the range, for the given SKUs. */
export async function unitsPerSku(db: Executor, r: Range, skuIds: readonly number[]) {
  if (skuIds.length === 0) return [];
  const rows = await db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select(['order_items.sku_id', (eb) => eb.fn.sum('order_items.quantity').as('units')])
    .where('orders.paid_at', '>=', r.start)
    .where('orders.paid_at', '<', r.end)
    .where('order_items.sku_id', 'in', skuIds)
    .groupBy('order_items.sku_id')
    .execute();
  return rows.map((x) => ({ skuId: x.sku_id, units: n(x.units) }));
}
