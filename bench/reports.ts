import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { EsimClass, EsimRecordStatus, InstallLogType, type Currency } from '@simshop/contract';
import { createDatabase, migrateToLatest, type Database } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/seed/seed-demo.ts';
import * as reports from '../apps/server/src/modules/reports/reports.service.ts';
import * as direct from '../apps/server/src/modules/reports/reports-direct.repository.ts';
import { startTempPostgres } from '../scripts/postgres.ts';
import { writeResult } from './results-file.ts';
import { fillOrders } from './seed-orders.ts';

/**
 * The console's reports on a shop with 1,000,000 orders over a year, on SQLite and on
 * PostgreSQL: the server time of each report's service call for the whole year (the longest
 * period the console allows), which is what the handler runs after validation. Target: every
 * report under 1 s. Besides the orders, a reseller's orders are theirs, one order in ten is a
 * merchant's, one in twenty used a coupon, every paid eSIM line has its eSIM and seven in ten
 * of those were installed. Each report is also run straight from the orders (the direct
 * queries the summaries replaced, "direct ms") and must give the same answer. `npm run reports -w bench` writes bench/results/reports.{json,md};
 * BENCH_ORDERS sets the count, BENCH_ENGINES=sqlite|postgres one engine.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const CUSTOMERS = 20_000;
const RUNS = 5;
const TARGET_MS = 1000;
const DAY = 86_400_000;
const TIME_ZONE = 'Asia/Shanghai';

/** What the fill leaves out and the reports read: merchants, coupons, eSIMs and their installs, written by the database itself. */
async function addReportFacts(db: Database): Promise<void> {
  const merchant = await db.selectFrom('merchants').select('id').orderBy('id').executeTakeFirst();
  if (merchant) await sql`UPDATE orders SET merchant_id = ${merchant.id} WHERE id % 10 = 3`.execute(db);
  const coupon = await db.selectFrom('coupons').select('id').orderBy('id').executeTakeFirst();
  if (coupon) {
    await sql`INSERT INTO coupon_uses (coupon_id, user_id, order_id, code_id, discount, active_slot, active_code_id, created_at, returned_at)
      SELECT ${coupon.id}, user_id, id, NULL, 100, NULL, NULL, created_at, NULL FROM orders WHERE id % 20 = 7 AND paid_at IS NOT NULL`.execute(db);
  }
  await sql`INSERT INTO esims (sku_id, user_id, order_id, order_item_id, class, activation_code, dp_address, iccid, eid, record_status, assigned_at, unit_index, added_at, created_at, updated_at)
    SELECT order_items.sku_id, orders.user_id, orders.id, order_items.id, ${EsimClass.self}, 'BENCH' || order_items.id, 'smdp.example.com', NULL, NULL, ${EsimRecordStatus.assigned}, orders.paid_at, 0, NULL, orders.paid_at, orders.paid_at
    FROM order_items INNER JOIN orders ON orders.id = order_items.order_id
    WHERE order_items.kind = 'esim' AND orders.paid_at IS NOT NULL`.execute(db);
  await sql`INSERT INTO esim_install_logs (esim_id, type, eid, created_at)
    SELECT id, ${InstallLogType.successInstall}, NULL, assigned_at + (id % 48) * 3600000 FROM esims WHERE activation_code LIKE 'BENCH%' AND id % 10 < 7`.execute(db);
  // Fresh statistics for the planner, as a shop's routine maintenance keeps them.
  await sql`ANALYZE`.execute(db);

}

interface Measured {
  name: string;
  medianMs: number;
  maxMs: number;
  rows: number;
  directMedianMs: number;
}

type Figures = reports.ReportFigures;

async function timed(run: () => Promise<{ rows: unknown[] }>) {
  let answer = await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    answer = await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { answer, medianMs: round(times[Math.floor(times.length / 2)]!), maxMs: round(times.at(-1)!) };
}

/** The report from the summaries and straight from the orders: both timed, and the same answer or the bench fails. */
async function measure(name: string, run: (figures?: Figures) => Promise<{ rows: unknown[] }>): Promise<Measured> {
  const summed = await timed(() => run());
  const straight = await timed(() => run(direct as Figures));
  if (JSON.stringify(summed.answer) !== JSON.stringify(straight.answer)) throw new Error(`${name}: the summaries' answer differs from the orders'`);
  return { name, medianMs: summed.medianMs, maxMs: summed.maxMs, rows: summed.answer.rows.length, directMedianMs: straight.medianMs };
}

async function measureEngine(engine: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'simshop-bench-reports-'));
  // The PostgreSQL server runs as its own user (not root), which must reach its directory inside.
  chmodSync(dataDir, 0o755);
  const pg = engine === 'postgres' ? await startTempPostgres(dataDir, () => {}) : undefined;
  const db = createDatabase({ dataDir, databaseUrl: pg?.url });
  try {
    const now = Date.now();
    await migrateToLatest(db);
    await seedDemo(db, now);
    const filling = performance.now();
    await fillOrders(db, now, { orders: ORDERS, customers: CUSTOMERS });
    await addReportFacts(db);
    const fillSeconds = Math.round((performance.now() - filling) / 1000);
    const top = await db.selectFrom('orders').select(['currency', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('currency').orderBy('n', 'desc').executeTakeFirstOrThrow();
    const currency = top.currency as Currency;
    const day = (t: number) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);
    const period = { from: day(now - 364 * DAY), to: day(now), timeZone: TIME_ZONE };
    const money = { ...period, currency };
    const results = [
      await measure('sales per day', (f) => reports.salesReport(db, { ...money, bucket: 'day' }, f)),
      await measure('sales per month', (f) => reports.salesReport(db, { ...money, bucket: 'month' }, f)),
      await measure('per product', (f) => reports.productsReport(db, money, f)),
      await measure('per destination', (f) => reports.destinationsReport(db, money, f)),
      await measure('per coupon', (f) => reports.couponsReport(db, money, f)),
      await measure('per reseller', (f) => reports.resellersReport(db, money, f)),
      await measure('per merchant', (f) => reports.merchantsReport(db, money, f)),
      await measure('refunds and reasons', (f) => reports.refundsReport(db, money, f)),
      await measure('eSIM issue and install rates per week', (f) => reports.esimInstallsReport(db, { ...period, bucket: 'week' }, f)),
      await measure('pool run-out forecast', (f) => reports.stockForecast(db, period, f)),
    ];
    const esims = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM esims`.execute(db)).rows[0]!.n);
    return { engine, orders: ORDERS, customers: CUSTOMERS, esims, currency, period, runs: RUNS, fillSeconds, results };
  } finally {
    await db.destroy();
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const measured = [];
for (const engine of engines) {
  measured.push(await measureEngine(engine));
  console.log(`${engine} done`);
}
const worst = Math.max(...measured.flatMap((m) => m.results.map((r) => r.maxMs)));
const body = [
  `${ORDERS.toLocaleString('en')} orders of ${CUSTOMERS.toLocaleString('en')} customers over a year; each report over the whole year (${measured[0]?.period.from} to ${measured[0]?.period.to}, ${TIME_ZONE}) in the most used currency.`,
  `Server time of the report's service call from the summary tables (migration 0064), ${RUNS} runs after a warm-up; the last column runs the same report straight from the orders (as before the summaries) and gave the same answer. Target: every report under ${TARGET_MS} ms. Slowest run: **${worst} ms** — ${worst < TARGET_MS ? 'met' : 'NOT met'}.`,
  '',
  ...measured.flatMap((m) => [
    `## ${m.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} (filled in ${m.fillSeconds} s; ${m.esims.toLocaleString('en')} eSIMs)`,
    '',
    '| report | median ms | slowest ms | rows | direct from the orders, median ms |',
    '|---|---|---|---|---|',
    ...m.results.map((r) => `| ${r.name} | ${r.medianMs} | ${r.maxMs} | ${r.rows} | ${r.directMedianMs} |`),
    '',
  ]),
].join('\n');
console.log(writeResult('reports', { title: `Reports at ${ORDERS.toLocaleString('en')} orders`, command: 'npm run reports -w bench', data: { targetMs: TARGET_MS, measured }, body }));
