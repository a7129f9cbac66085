import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * Summary tables for the console's reports, so a year's report reads thousands of rows instead
 * of a million orders, kept up to date by database triggers on both engines: every write to the
 * orders, their lines, coupon uses, eSIMs and install logs, by any code path, changes the sums
 * in its own transaction (a rollback takes the change back with it). A row's contribution is
 * taken away with its old values and added with its new ones, so any later change of a paid
 * order (its payment time, currency, total, buyer, merchant) moves its figures.
 *
 * - `report_sales_quarters`: paid orders and their totals per currency and UTC quarter-hour (any
 *   zone's local midnight falls on one), for the reports per local day.
 * - `report_{product,sku,merchant,reseller,coupon}_days`: the same per UTC day and key; a report
 *   adds the partial UTC days at its ends from the orders themselves.
 * - `report_esims`: each issued eSIM of a paid eSIM line with its payment and first successful
 *   install time (for the median delay), summed per quarter-hour of payment in
 *   `report_esim_quarters` with the paid eSIM units.
 *
 * - `report_refund_quarters`, `report_refund_{merchant,reseller,reason}_days`: refund approvals
 *   (by the approval's time) with the order's current refund amount, as the reports count them:
 *   a later change of the amount moves every approval of the order.
 * Not handled: on PostgreSQL, one UPDATE moving two lines of one paid order onto the same
 * product would count the order twice for it (lines never change product).
 */

const Q = 900_000;
const D = 86_400_000;
const SUCCESS_INSTALL = `'success_install'`;

type Row = 'NEW' | 'OLD';
type Sign = 1 | -1;

/** An upsert adding the select's values to the summary row of its keys (the select needs a WHERE: SQLite parses it so). */
function add(table: string, keys: string[], values: string[], select: string): string {
  const set = values.map((v) => `${v} = ${table}.${v} + excluded.${v}`).join(', ');
  return `INSERT INTO ${table} (${[...keys, ...values].join(', ')}) ${select} ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${set}`;
}

const sales = (select: string) => add('report_sales_quarters', ['currency', 'quarter'], ['orders', 'gross'], select);
const merchants = (select: string) => add('report_merchant_days', ['currency', 'day', 'merchant_id'], ['orders', 'gross'], select);
const resellers = (select: string) => add('report_reseller_days', ['currency', 'day', 'user_id'], ['orders', 'gross'], select);
const coupons = (select: string) => add('report_coupon_days', ['currency', 'day', 'coupon_id'], ['orders', 'gross', 'discount'], select);
const products = (select: string) => add('report_product_days', ['currency', 'day', 'product_id'], ['orders', 'units', 'amount'], select);
const skus = (select: string) => add('report_sku_days', ['day', 'sku_id'], ['units'], select);
const esimQuarters = (select: string) => add('report_esim_quarters', ['quarter'], ['units', 'issued', 'installed_24h', 'installed'], select);

const REFUND_EVENTS = `('approve_refund', 'approve_partial_refund')`;
const refunds = (select: string) => add('report_refund_quarters', ['currency', 'quarter'], ['refunds', 'amount'], select);
const refundMerchants = (select: string) => add('report_refund_merchant_days', ['currency', 'day', 'merchant_id'], ['refunds', 'amount'], select);
const refundResellers = (select: string) => add('report_refund_reseller_days', ['currency', 'day', 'user_id'], ['refunds', 'amount'], select);
const refundReasons = (select: string) => add('report_refund_reason_days', ['currency', 'day', 'reason'], ['refunds', 'amount'], select);

/** One refund approval, with its order's current values. */
const refundEvent = (r: Row, s: Sign) => {
  const from = `FROM orders o WHERE o.id = ${r}.order_id AND ${r}.event IN ${REFUND_EVENTS}`;
  const figures = `${s}, ${s} * coalesce(o.refund_amount, 0)`;
  return [
    refunds(`SELECT o.currency, ${r}.created_at / ${Q}, ${figures} ${from}`),
    refundMerchants(`SELECT o.currency, ${r}.created_at / ${D}, o.merchant_id, ${figures} ${from}`),
    refundResellers(`SELECT o.currency, ${r}.created_at / ${D}, o.user_id, ${figures} ${from} AND o.reseller = 1`),
    refundReasons(`SELECT o.currency, ${r}.created_at / ${D}, coalesce(o.refund_reason, ''), ${figures} ${from}`),
  ];
};

/** Every refund approval of an order, with the order's values. */
const orderRefunds = (r: Row, s: Sign) => {
  const figures = `${s} * count(*), ${s} * count(*) * coalesce(${r}.refund_amount, 0)`;
  const from = (bucket: number) => `FROM order_events e WHERE e.order_id = ${r}.id AND e.event IN ${REFUND_EVENTS} GROUP BY e.created_at / ${bucket}`;
  return [
    refunds(`SELECT ${r}.currency, e.created_at / ${Q}, ${figures} ${from(Q)}`),
    refundMerchants(`SELECT ${r}.currency, e.created_at / ${D}, ${r}.merchant_id, ${figures} ${from(D)}`),
    refundResellers(`SELECT ${r}.currency, e.created_at / ${D}, ${r}.user_id, ${figures} FROM order_events e WHERE e.order_id = ${r}.id AND e.event IN ${REFUND_EVENTS} AND ${r}.reseller = 1 GROUP BY e.created_at / ${D}`),
    refundReasons(`SELECT ${r}.currency, e.created_at / ${D}, coalesce(${r}.refund_reason, ''), ${figures} ${from(D)}`),
  ];
};

/** A paid order's own figures (not its lines, coupons or eSIMs). */
const orderSums = (r: Row, s: Sign) => [
  sales(`SELECT ${r}.currency, ${r}.paid_at / ${Q}, ${s}, ${s} * ${r}.total WHERE ${r}.paid_at IS NOT NULL`),
  merchants(`SELECT ${r}.currency, ${r}.paid_at / ${D}, ${r}.merchant_id, ${s}, ${s} * ${r}.total WHERE ${r}.paid_at IS NOT NULL`),
  resellers(`SELECT ${r}.currency, ${r}.paid_at / ${D}, ${r}.user_id, ${s}, ${s} * ${r}.total WHERE ${r}.paid_at IS NOT NULL AND ${r}.reseller = 1`),
];

/** The coupon uses of an order, with the order's values. */
const orderCoupons = (r: Row, s: Sign) => [
  coupons(
    `SELECT ${r}.currency, ${r}.paid_at / ${D}, u.coupon_id, ${s} * count(*), ${s} * count(*) * ${r}.total, ${s} * sum(u.discount) FROM coupon_uses u WHERE u.order_id = ${r}.id AND ${r}.paid_at IS NOT NULL GROUP BY u.coupon_id`,
  ),
];

/** The lines of an order, with the order's values: each product counts the order once. */
const orderLines = (r: Row, s: Sign) => [
  products(
    `SELECT ${r}.currency, ${r}.paid_at / ${D}, i.product_id, ${s}, ${s} * sum(i.quantity), ${s} * sum(i.amount) FROM order_items i WHERE i.order_id = ${r}.id AND ${r}.paid_at IS NOT NULL GROUP BY i.product_id`,
  ),
  skus(`SELECT ${r}.paid_at / ${D}, i.sku_id, ${s} * sum(i.quantity) FROM order_items i WHERE i.order_id = ${r}.id AND ${r}.paid_at IS NOT NULL GROUP BY i.sku_id`),
  esimQuarters(
    `SELECT ${r}.paid_at / ${Q}, ${s} * sum(i.quantity), 0, 0, 0 FROM order_items i WHERE i.order_id = ${r}.id AND ${r}.paid_at IS NOT NULL AND i.kind = 'esim' GROUP BY i.kind`,
  ),
];

/**
 * One line of a paid order. The order counts for the product with its first line of it: an
 * added line counts it when no line before it has the product (PostgreSQL runs a multi-row
 * insert's triggers after all its rows are in), a removed one when no other line is left.
 */
const line = (r: Row, s: Sign, firstWhen: 'no-earlier' | 'no-other') => {
  const other = `SELECT 1 FROM order_items x WHERE x.order_id = ${r}.order_id AND x.product_id = ${r}.product_id AND x.id ${firstWhen === 'no-earlier' ? '<' : '<>'} ${r}.id`;
  const paid = `FROM orders o WHERE o.id = ${r}.order_id AND o.paid_at IS NOT NULL`;
  return [
    products(`SELECT o.currency, o.paid_at / ${D}, ${r}.product_id, ${s} * (CASE WHEN EXISTS (${other}) THEN 0 ELSE 1 END), ${s} * ${r}.quantity, ${s} * ${r}.amount ${paid}`),
    skus(`SELECT o.paid_at / ${D}, ${r}.sku_id, ${s} * ${r}.quantity ${paid}`),
    esimQuarters(`SELECT o.paid_at / ${Q}, ${s} * ${r}.quantity, 0, 0, 0 ${paid} AND ${r}.kind = 'esim'`),
  ];
};

const couponUse = (r: Row, s: Sign) => [
  coupons(`SELECT o.currency, o.paid_at / ${D}, ${r}.coupon_id, ${s}, ${s} * o.total, ${s} * ${r}.discount FROM orders o WHERE o.id = ${r}.order_id AND o.paid_at IS NOT NULL`),
];

/** The issued eSIMs (of paid eSIM lines) the condition on `e` picks, with their first successful install. */
const esimFacts = (where: string) =>
  `INSERT INTO report_esims (esim_id, paid_at, installed_at, delay) SELECT f.id, f.paid_at, f.first, f.first - f.paid_at FROM (
    SELECT e.id, o.paid_at, (SELECT min(l.created_at) FROM esim_install_logs l WHERE l.esim_id = e.id AND l.type = ${SUCCESS_INSTALL}) AS first
    FROM esims e INNER JOIN order_items i ON i.id = e.order_item_id INNER JOIN orders o ON o.id = i.order_id
    WHERE ${where} AND i.kind = 'esim' AND o.paid_at IS NOT NULL) f`;
const refreshEsim = (id: string) => [`DELETE FROM report_esims WHERE esim_id = ${id}`, esimFacts(`e.id = ${id}`)];
const refreshOrderEsims = (orderId: string) => [
  `DELETE FROM report_esims WHERE esim_id IN (SELECT e.id FROM esims e INNER JOIN order_items i ON i.id = e.order_item_id WHERE i.order_id = ${orderId})`,
  esimFacts(`i.order_id = ${orderId}`),
];

const esimFact = (r: Row, s: Sign) => [
  esimQuarters(
    `SELECT ${r}.paid_at / ${Q}, 0, ${s}, ${s} * (CASE WHEN ${r}.installed_at IS NOT NULL AND ${r}.installed_at <= ${r}.paid_at + ${D} THEN 1 ELSE 0 END), ${s} * (CASE WHEN ${r}.installed_at IS NOT NULL THEN 1 ELSE 0 END) WHERE true`,
  ),
];

interface Trigger {
  name: string;
  table: string;
  event: 'INSERT' | 'DELETE' | { update: string[] };
  /** BEFORE: while the rows that cascade from it are still there. */
  before?: true;
  when?: string;
  body: string[];
}

const ORDER_MONEY = ['paid_at', 'currency', 'total', 'user_id', 'merchant_id', 'reseller'];
const ITEM_FIGURES = ['order_id', 'product_id', 'sku_id', 'kind', 'quantity', 'amount'];

const TRIGGERS: Trigger[] = [
  // Lines, coupon uses and eSIMs count themselves when added: an order is paid after it is made.
  { name: 'report_orders_insert', table: 'orders', event: 'INSERT', when: 'NEW.paid_at IS NOT NULL', body: orderSums('NEW', 1) },
  { name: 'report_orders_money', table: 'orders', event: { update: ORDER_MONEY }, body: [...orderSums('OLD', -1), ...orderSums('NEW', 1), ...orderCoupons('OLD', -1), ...orderCoupons('NEW', 1)] },
  { name: 'report_orders_lines', table: 'orders', event: { update: ['paid_at', 'currency'] }, body: [...orderLines('OLD', -1), ...orderLines('NEW', 1), ...refreshOrderEsims('NEW.id')] },
  { name: 'report_orders_refunds', table: 'orders', event: { update: ['refund_amount', 'refund_reason', 'currency', 'user_id', 'merchant_id', 'reseller'] }, body: [...orderRefunds('OLD', -1), ...orderRefunds('NEW', 1)] },
  // Before the delete, while its lines, coupon uses and events (deleted with it) are there to be taken away.
  { name: 'report_orders_delete_refunds', table: 'orders', event: 'DELETE', before: true, body: orderRefunds('OLD', -1) },
  { name: 'report_orders_delete', table: 'orders', event: 'DELETE', before: true, when: 'OLD.paid_at IS NOT NULL', body: [...orderSums('OLD', -1), ...orderCoupons('OLD', -1), ...orderLines('OLD', -1)] },
  { name: 'report_items_insert', table: 'order_items', event: 'INSERT', body: line('NEW', 1, 'no-earlier') },
  {
    name: 'report_items_update',
    table: 'order_items',
    event: { update: ITEM_FIGURES },
    body: [...line('OLD', -1, 'no-other'), ...line('NEW', 1, 'no-other'), `DELETE FROM report_esims WHERE esim_id IN (SELECT id FROM esims WHERE order_item_id = NEW.id)`, esimFacts('e.order_item_id = NEW.id')],
  },
  { name: 'report_items_delete', table: 'order_items', event: 'DELETE', body: [...line('OLD', -1, 'no-other'), `DELETE FROM report_esims WHERE esim_id IN (SELECT id FROM esims WHERE order_item_id = OLD.id)`] },
  { name: 'report_events_insert', table: 'order_events', event: 'INSERT', when: `NEW.event IN ${REFUND_EVENTS}`, body: refundEvent('NEW', 1) },
  { name: 'report_events_update', table: 'order_events', event: { update: ['order_id', 'event', 'created_at'] }, body: [...refundEvent('OLD', -1), ...refundEvent('NEW', 1)] },
  { name: 'report_events_delete', table: 'order_events', event: 'DELETE', when: `OLD.event IN ${REFUND_EVENTS}`, body: refundEvent('OLD', -1) },
  { name: 'report_coupon_uses_insert', table: 'coupon_uses', event: 'INSERT', body: couponUse('NEW', 1) },
  { name: 'report_coupon_uses_update', table: 'coupon_uses', event: { update: ['coupon_id', 'order_id', 'discount'] }, body: [...couponUse('OLD', -1), ...couponUse('NEW', 1)] },
  { name: 'report_coupon_uses_delete', table: 'coupon_uses', event: 'DELETE', body: couponUse('OLD', -1) },
  { name: 'report_esims_insert', table: 'esims', event: 'INSERT', when: 'NEW.order_item_id IS NOT NULL', body: [esimFacts('e.id = NEW.id')] },
  { name: 'report_esims_update', table: 'esims', event: { update: ['order_item_id'] }, body: [`DELETE FROM report_esims WHERE esim_id = OLD.id`, esimFacts('e.id = NEW.id')] },
  { name: 'report_esims_delete', table: 'esims', event: 'DELETE', body: [`DELETE FROM report_esims WHERE esim_id = OLD.id`] },
  { name: 'report_installs_insert', table: 'esim_install_logs', event: 'INSERT', when: `NEW.type = ${SUCCESS_INSTALL}`, body: refreshEsim('NEW.esim_id') },
  { name: 'report_installs_update', table: 'esim_install_logs', event: { update: ['esim_id', 'type', 'created_at'] }, body: [...refreshEsim('OLD.esim_id'), ...refreshEsim('NEW.esim_id')] },
  { name: 'report_installs_delete', table: 'esim_install_logs', event: 'DELETE', when: `OLD.type = ${SUCCESS_INSTALL}`, body: refreshEsim('OLD.esim_id') },
  { name: 'report_esim_facts_insert', table: 'report_esims', event: 'INSERT', body: esimFact('NEW', 1) },
  { name: 'report_esim_facts_delete', table: 'report_esims', event: 'DELETE', body: esimFact('OLD', -1) },
];

/** The trigger in the engine's own syntax: an update fires only when one of its columns really changed. */
function createTrigger(pg: boolean, t: Trigger): string[] {
  const event = typeof t.event === 'string' ? t.event : `UPDATE OF ${t.event.update.join(', ')}`;
  const changed = typeof t.event === 'string' ? undefined : `(${t.event.update.map((c) => (pg ? `OLD.${c} IS DISTINCT FROM NEW.${c}` : `OLD.${c} IS NOT NEW.${c}`)).join(' OR ')})`;
  const when = [t.when, changed].filter(Boolean).join(' AND ');
  const timing = t.before ? 'BEFORE' : 'AFTER';
  if (!pg) return [`CREATE TRIGGER ${t.name} ${timing} ${event} ON ${t.table} FOR EACH ROW ${when ? `WHEN ${when}` : ''} BEGIN ${t.body.map((s) => `${s};`).join(' ')} END`];
  return [
    `CREATE FUNCTION ${t.name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${t.body.map((s) => `${s};`).join(' ')} RETURN ${t.before ? 'OLD' : 'NULL'}; END $$`,
    `CREATE TRIGGER ${t.name} ${timing} ${event} ON ${t.table} FOR EACH ROW ${when ? `WHEN (${when})` : ''} EXECUTE FUNCTION ${t.name}()`,
  ];
}

const TABLES: Array<[string, string[], string[]]> = [
  ['report_sales_quarters', ['currency', 'quarter'], ['orders', 'gross']],
  ['report_merchant_days', ['currency', 'day', 'merchant_id'], ['orders', 'gross']],
  ['report_reseller_days', ['currency', 'day', 'user_id'], ['orders', 'gross']],
  ['report_coupon_days', ['currency', 'day', 'coupon_id'], ['orders', 'gross', 'discount']],
  ['report_product_days', ['currency', 'day', 'product_id'], ['orders', 'units', 'amount']],
  ['report_sku_days', ['day', 'sku_id'], ['units']],
  ['report_esim_quarters', ['quarter'], ['units', 'issued', 'installed_24h', 'installed']],
  ['report_refund_quarters', ['currency', 'quarter'], ['refunds', 'amount']],
  ['report_refund_merchant_days', ['currency', 'day', 'merchant_id'], ['refunds', 'amount']],
  ['report_refund_reseller_days', ['currency', 'day', 'user_id'], ['refunds', 'amount']],
  ['report_refund_reason_days', ['currency', 'day', 'reason'], ['refunds', 'amount']],
];

/** Today's figures, from the rows already there. */
const FILL = [
  `INSERT INTO report_sales_quarters SELECT currency, paid_at / ${Q}, count(*), sum(total) FROM orders WHERE paid_at IS NOT NULL GROUP BY 1, 2`,
  `INSERT INTO report_merchant_days SELECT currency, paid_at / ${D}, merchant_id, count(*), sum(total) FROM orders WHERE paid_at IS NOT NULL GROUP BY 1, 2, 3`,
  `INSERT INTO report_reseller_days SELECT currency, paid_at / ${D}, user_id, count(*), sum(total) FROM orders WHERE paid_at IS NOT NULL AND reseller = 1 GROUP BY 1, 2, 3`,
  `INSERT INTO report_coupon_days SELECT o.currency, o.paid_at / ${D}, u.coupon_id, count(*), sum(o.total), sum(u.discount) FROM coupon_uses u INNER JOIN orders o ON o.id = u.order_id WHERE o.paid_at IS NOT NULL GROUP BY 1, 2, 3`,
  `INSERT INTO report_product_days SELECT o.currency, o.paid_at / ${D}, i.product_id, count(DISTINCT o.id), sum(i.quantity), sum(i.amount) FROM order_items i INNER JOIN orders o ON o.id = i.order_id WHERE o.paid_at IS NOT NULL GROUP BY 1, 2, 3`,
  `INSERT INTO report_sku_days SELECT o.paid_at / ${D}, i.sku_id, sum(i.quantity) FROM order_items i INNER JOIN orders o ON o.id = i.order_id WHERE o.paid_at IS NOT NULL GROUP BY 1, 2`,
  esimFacts('true'),
  ...(['report_refund_quarters', 'report_refund_merchant_days', 'report_refund_reseller_days', 'report_refund_reason_days'] as const).map((table) => {
    const [bucket, key] = {
      report_refund_quarters: [Q, ''],
      report_refund_merchant_days: [D, ', o.merchant_id'],
      report_refund_reseller_days: [D, ', o.user_id'],
      report_refund_reason_days: [D, ", coalesce(o.refund_reason, '')"],
    }[table];
    const reseller = table === 'report_refund_reseller_days' ? 'AND o.reseller = 1' : '';
    return `INSERT INTO ${table} SELECT o.currency, e.created_at / ${bucket}${key}, count(*), sum(coalesce(o.refund_amount, 0)) FROM order_events e INNER JOIN orders o ON o.id = e.order_id WHERE e.event IN ${REFUND_EVENTS} ${reseller} GROUP BY 1, 2${key ? ', 3' : ''}`;
  }),
  `INSERT INTO report_esim_quarters SELECT quarter, sum(units), sum(issued), sum(installed_24h), sum(installed) FROM (
    SELECT o.paid_at / ${Q} AS quarter, i.quantity AS units, 0 AS issued, 0 AS installed_24h, 0 AS installed FROM order_items i INNER JOIN orders o ON o.id = i.order_id WHERE o.paid_at IS NOT NULL AND i.kind = 'esim'
    UNION ALL
    SELECT paid_at / ${Q}, 0, 1, CASE WHEN installed_at IS NOT NULL AND installed_at <= paid_at + ${D} THEN 1 ELSE 0 END, CASE WHEN installed_at IS NOT NULL THEN 1 ELSE 0 END FROM report_esims
  ) t GROUP BY quarter`,
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const [table, keys, values] of TABLES) {
    let t = db.schema.createTable(table);
    for (const k of keys) t = t.addColumn(k, k === 'currency' || k === 'reason' ? 'text' : 'bigint', (c) => c.notNull());
    for (const v of values) t = t.addColumn(v, 'bigint', (c) => c.notNull().defaultTo(0));
    await t.addPrimaryKeyConstraint(`${table}_pk`, keys as never).execute();
  }
  await db.schema
    .createTable('report_esims')
    .addColumn('esim_id', 'bigint', (c) => c.primaryKey())
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .addColumn('installed_at', 'bigint')
    .addColumn('delay', 'bigint')
    .execute();
  // The median delay walks the installed eSIMs in order of delay, skipping those paid outside the period.
  await db.schema.createIndex('report_esims_delay').on('report_esims').columns(['delay', 'paid_at']).where('delay', 'is not', null).execute();
  // Refunds are found by their approval events: with the order in the index, SQLite never reads the events' rows.
  await db.schema.createIndex('order_events_event_order').on('order_events').columns(['event', 'created_at', 'order_id']).execute();
  for (const statement of FILL) await sql.raw(statement).execute(db);
  for (const t of TRIGGERS) for (const statement of createTrigger(pg, t)) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const t of TRIGGERS) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${t.name}${pg ? ` ON ${t.table}` : ''}`).execute(db);
    if (pg) await sql.raw(`DROP FUNCTION IF EXISTS ${t.name}()`).execute(db);
  }
  await db.schema.dropIndex('order_events_event_order').execute();
  await db.schema.dropTable('report_esims').execute();
  for (const [table] of TABLES) await db.schema.dropTable(table).execute();
}
