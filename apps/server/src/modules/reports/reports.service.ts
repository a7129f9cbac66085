import type { CouponReportRow, Currency, DestinationReportRow, EsimInstallsReport, MerchantReportRow, ProductReportRow, RefundReportRow, ReportBucket, ResellerReportRow, SalesReportRow, StockForecastRow } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { poolLevels } from '../esim/esim-pool.service.ts';
import { merchantDirectory } from '../merchants/merchant.service.ts';
import { bucketOf, bucketsOf, dayDate, reportPeriod, type ReportPeriod } from './report-period.ts';
import * as summaries from './reports.repository.ts';

/** Where the figures come from: the summaries; a test and the bench pass the direct queries to compare. */
export type ReportFigures = typeof summaries;

/**
 * Reports for the console: each checks its period (whole local days, at most a year), asks the
 * repository for figures grouped in the database, and shapes them into rows the console charts
 * and exports. Sold means paid in the period; refunds are counted apart, on the day they were
 * approved (as on the dashboard and in settlement), so net = gross − refunds per bucket.
 */

interface PeriodInput {
  from: string;
  to: string;
  timeZone: string;
}
interface MoneyInput extends PeriodInput {
  currency: Currency;
}

const range = (p: ReportPeriod) => ({ start: p.start, end: p.end });

export async function salesReport(db: Executor, input: MoneyInput & { bucket: ReportBucket }, figures: ReportFigures = summaries): Promise<{ rows: SalesReportRow[] }> {
  const period = reportPeriod(input);
  const r = { ...range(period), currency: input.currency };
  const [paid, refunded] = await Promise.all([figures.paidPerDay(db, r, period.segments), figures.refundedPerDay(db, r, period.segments)]);
  const rows = new Map(bucketsOf(period, input.bucket).map((b) => [b, { bucket: dayDate(b), orders: 0, gross: 0, refunds: 0, net: 0 }]));
  for (const p of paid) {
    const row = rows.get(bucketOf(p.day, input.bucket));
    if (!row) continue;
    row.orders += p.orders;
    row.gross += p.gross;
  }
  for (const x of refunded) {
    const row = rows.get(bucketOf(x.day, input.bucket));
    if (row) row.refunds += x.amount;
  }
  return { rows: [...rows.values()].map((row) => ({ ...row, net: row.gross - row.refunds })) };
}

export async function productsReport(db: Executor, input: MoneyInput, figures: ReportFigures = summaries): Promise<{ rows: ProductReportRow[] }> {
  const period = reportPeriod(input);
  const rows = await figures.salesPerProduct(db, { ...range(period), currency: input.currency });
  return { rows: rows.map((p) => ({ productId: p.id, productKey: p.key, name: { en: p.nameEn, zh: p.nameZh }, orders: p.orders, units: p.units, amount: p.amount })) };
}

/**
 * eSIM and plan sales per destination, from each product's coverage: a plan for one destination
 * counts there; a plan for several counts in each of them, apart (multiUnits, multiAmount), so
 * nobody reads a regional plan's sales as one country's. Work per product, not per order.
 */
export async function destinationsReport(db: Executor, input: MoneyInput, figures: ReportFigures = summaries): Promise<{ rows: DestinationReportRow[] }> {
  const period = reportPeriod(input);
  const products = await figures.salesPerProduct(db, { ...range(period), currency: input.currency }, true);
  const byCountry = new Map<string, DestinationReportRow>();
  for (const p of products) {
    const countries = p.coverage.split(',').filter(Boolean);
    for (const country of countries) {
      const row = byCountry.get(country) ?? { country, units: 0, amount: 0, multiUnits: 0, multiAmount: 0 };
      if (countries.length === 1) {
        row.units += p.units;
        row.amount += p.amount;
      } else {
        row.multiUnits += p.units;
        row.multiAmount += p.amount;
      }
      byCountry.set(country, row);
    }
  }
  const rows = [...byCountry.values()].sort((a, b) => b.amount + b.multiAmount - (a.amount + a.multiAmount) || a.country.localeCompare(b.country));
  return { rows };
}

export async function couponsReport(db: Executor, input: MoneyInput, figures: ReportFigures = summaries): Promise<{ rows: CouponReportRow[] }> {
  const period = reportPeriod(input);
  return { rows: await figures.salesPerCoupon(db, { ...range(period), currency: input.currency }) };
}

/** Sales to reseller accounts, per account, with the refunds approved on their orders in the period. */
export async function resellersReport(db: Executor, input: MoneyInput, figures: ReportFigures = summaries): Promise<{ rows: ResellerReportRow[] }> {
  const period = reportPeriod(input);
  const r = { ...range(period), currency: input.currency };
  const paid = await figures.paidPer(db, r, 'reseller');
  const ids = paid.map((p) => p.key);
  const [refunds, names] = await Promise.all([figures.refundedPer(db, r, 'reseller', ids), figures.buyerNames(db, ids)]);
  return {
    rows: paid.map((p) => {
      const user = names.find((u) => u.id === p.key);
      return {
        userId: p.key,
        account: user?.email || user?.tel || user?.nickname || `#${p.key}`,
        orders: p.orders,
        gross: p.gross,
        refunds: refunds.find((x) => Number(x.key) === p.key)?.amount ?? 0,
      };
    }),
  };
}

/** Sales per merchant (the platform's own shop is merchant 1), with refunds approved in the period. */
export async function merchantsReport(db: Executor, input: MoneyInput, figures: ReportFigures = summaries): Promise<{ rows: MerchantReportRow[] }> {
  const period = reportPeriod(input);
  const r = { ...range(period), currency: input.currency };
  const [paid, refunds, merchants] = await Promise.all([figures.paidPer(db, r, 'merchant'), figures.refundedPer(db, r, 'merchant'), merchantDirectory(db)]);
  const ids = [...new Set([...paid.map((p) => p.key), ...refunds.map((x) => Number(x.key))])];
  const rows = ids.map((id) => {
    const m = merchants.get(id);
    const p = paid.find((x) => x.key === id);
    return { merchantId: id, name: { en: m?.name_en ?? `#${id}`, zh: m?.name_zh ?? `#${id}` }, orders: p?.orders ?? 0, gross: p?.gross ?? 0, refunds: refunds.find((x) => Number(x.key) === id)?.amount ?? 0 };
  });
  return { rows: rows.sort((a, b) => b.gross - a.gross || a.merchantId - b.merchantId) };
}

/** Refunds approved in the period per reason the customer gave (`unknown`: none kept). */
export async function refundsReport(db: Executor, input: MoneyInput, figures: ReportFigures = summaries): Promise<{ rows: RefundReportRow[] }> {
  const period = reportPeriod(input);
  const rows = await figures.refundedPer(db, { ...range(period), currency: input.currency }, 'reason');
  const merged = new Map<string, RefundReportRow>();
  for (const x of rows) {
    const reason = typeof x.key === 'string' && x.key !== '' ? x.key : 'unknown';
    const row = merged.get(reason) ?? { reason, refunds: 0, amount: 0 };
    row.refunds += x.refunds;
    row.amount += x.amount;
    merged.set(reason, row);
  }
  return { rows: [...merged.values()].sort((a, b) => b.amount - a.amount || a.reason.localeCompare(b.reason)) };
}

/** eSIMs of orders paid in the period: paid units, issued, installed within 24 h of payment, and the median delay. */
export async function esimInstallsReport(db: Executor, input: PeriodInput & { bucket: ReportBucket }, figures: ReportFigures = summaries): Promise<EsimInstallsReport> {
  const period = reportPeriod(input);
  const { units, issued } = await figures.esimInstallsPerDay(db, range(period), period.segments);
  const rows = new Map(bucketsOf(period, input.bucket).map((b) => [b, { bucket: dayDate(b), paidUnits: 0, issued: 0, installed24h: 0 }]));
  let installed = 0;
  for (const u of units) {
    const row = rows.get(bucketOf(u.day, input.bucket));
    if (row) row.paidUnits += u.units;
  }
  for (const x of issued) {
    const row = rows.get(bucketOf(x.day, input.bucket));
    installed += x.installed;
    if (!row) continue;
    row.issued += x.issued;
    row.installed24h += x.installed24h;
  }
  const list = [...rows.values()];
  const median = await figures.medianInstallDelay(db, range(period), installed);
  return {
    rows: list,
    paidUnits: list.reduce((s, x) => s + x.paidUnits, 0),
    issued: list.reduce((s, x) => s + x.issued, 0),
    installed24h: list.reduce((s, x) => s + x.installed24h, 0),
    installed,
    medianMinutes: median === null ? null : Math.round(median / 60_000),
  };
}

/**
 * When each on-sale eSIM pool runs out: free profiles ÷ the eSIMs of that SKU sold per day in
 * the period. An empty pool has run out (0 days); pools that sold nothing have no run-out date;
 * the soonest come first.
 */
export async function stockForecast(db: Executor, input: PeriodInput, figures: ReportFigures = summaries): Promise<{ rows: StockForecastRow[] }> {
  const period = reportPeriod(input);
  const pools = await poolLevels(db);
  const sold = await figures.unitsPerSku(db, range(period), pools.map((p) => p.skuId));
  const rows = pools.map((p) => {
    const units = sold.find((s) => s.skuId === p.skuId)?.units ?? 0;
    const perDay = units / period.days;
    return { skuId: p.skuId, skuCode: p.skuCode, name: p.productName, free: p.free, sold: units, perDay: Math.round(perDay * 100) / 100, daysLeft: p.free === 0 ? 0 : units === 0 ? null : Math.floor(p.free / perDay) };
  });
  const order = (d: number | null) => (d === null ? Number.POSITIVE_INFINITY : d);
  return { rows: rows.sort((a, b) => order(a.daysLeft) - order(b.daysLeft) || a.free - b.free || a.skuId - b.skuId) };
}
