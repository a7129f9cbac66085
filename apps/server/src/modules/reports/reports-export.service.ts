import { countryName, MONEY_REPORTS, serverErrors, type Currency, type ExportFormatName, type ReportBucket, type ReportName } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { EXPORT_FORMATS, renderTable } from '../../lib/spreadsheet.ts';
import { couponsReport, destinationsReport, esimInstallsReport, merchantsReport, productsReport, refundsReport, resellersReport, salesReport, stockForecast } from './reports.service.ts';

/**
 * A report as a CSV or xlsx file: the same rows the console shows, with headers and names in the
 * reader's language and money in major units of the one currency (named in each money column's
 * header). Rendering and formula neutralising are the shared export's (lib/spreadsheet.ts).
 */

type Lang = 'en' | 'zh-Hans';
type Cell = string | number | null;
export interface ReportExportInput {
  report: ReportName;
  from: string;
  to: string;
  timeZone: string;
  currency?: Currency | undefined;
  bucket: ReportBucket;
  format: ExportFormatName;
  lang: Lang;
}

const major = (minor: number) => (minor / 100).toFixed(2);
const pick = (lang: Lang, name: { en: string; zh: string }) => (lang === 'zh-Hans' ? name.zh || name.en : name.en);

const REASONS: Record<string, { en: string; zh: string }> = {
  no_longer_needed: { en: 'No longer needed', zh: '不再需要' },
  wrong_item: { en: 'Wrong item', zh: '商品错误' },
  not_received: { en: 'Not received', zh: '未收到' },
  not_working: { en: 'Does not work', zh: '无法使用' },
  other: { en: 'Other', zh: '其他' },
  withdrawal: { en: 'Withdrawal from contract (EU)', zh: '撤回合同（欧盟）' },
  unknown: { en: 'No reason given', zh: '未注明原因' },
};

/** Headers per report: [en, zh]; `$` is replaced by the currency. */
const HEADERS: Record<ReportName, ReadonlyArray<readonly [string, string]>> = {
  sales: [['Period start', '时段开始'], ['Paid orders', '已付订单'], ['Gross sales ($)', '销售额（$）'], ['Refunds ($)', '退款（$）'], ['Net sales ($)', '净销售额（$）']],
  products: [['Product', '商品'], ['Product key', '商品标识'], ['Orders', '订单数'], ['Units', '件数'], ['Item sales ($)', '商品销售额（$）']],
  destinations: [['Destination', '目的地'], ['Code', '代码'], ['Units (single-destination plans)', '件数（单一目的地套餐）'], ['Sales ($, single-destination plans)', '销售额（$，单一目的地套餐）'], ['Units (multi-destination plans)', '件数（多目的地套餐）'], ['Sales ($, multi-destination plans)', '销售额（$，多目的地套餐）']],
  coupons: [['Coupon', '优惠券'], ['Orders', '订单数'], ['Order totals ($)', '订单金额（$）'], ['Discount given ($)', '优惠金额（$）']],
  resellers: [['Reseller account', '分销商账号'], ['Paid orders', '已付订单'], ['Gross sales ($)', '销售额（$）'], ['Refunds ($)', '退款（$）']],
  merchants: [['Merchant', '商家'], ['Paid orders', '已付订单'], ['Gross sales ($)', '销售额（$）'], ['Refunds ($)', '退款（$）']],
  refunds: [['Reason', '原因'], ['Refunds', '退款笔数'], ['Amount ($)', '金额（$）']],
  esim_installs: [['Period start', '时段开始'], ['eSIMs paid', '已付 eSIM'], ['eSIMs issued', '已发放 eSIM'], ['Installed within 24 h', '24 小时内安装'], ['Installed within 24 h (%)', '24 小时内安装率（%）']],
  stock_forecast: [['SKU', 'SKU'], ['Product', '商品'], ['Free profiles', '剩余库存'], ['Sold in period', '时段内售出'], ['Sold per day', '日均售出'], ['Days left', '可售天数']],
};

async function rowsOf(db: Executor, input: ReportExportInput, currency: Currency): Promise<Cell[][]> {
  const lang = input.lang;
  const money = { from: input.from, to: input.to, timeZone: input.timeZone, currency };
  switch (input.report) {
    case 'sales':
      return (await salesReport(db, { ...money, bucket: input.bucket })).rows.map((r) => [r.bucket, r.orders, major(r.gross), major(r.refunds), major(r.net)]);
    case 'products':
      return (await productsReport(db, money)).rows.map((r) => [pick(lang, r.name), r.productKey, r.orders, r.units, major(r.amount)]);
    case 'destinations':
      return (await destinationsReport(db, money)).rows.map((r) => [countryName(r.country, lang), r.country, r.units, major(r.amount), r.multiUnits, major(r.multiAmount)]);
    case 'coupons':
      return (await couponsReport(db, money)).rows.map((r) => [pick(lang, r.name), r.orders, major(r.gross), major(r.discount)]);
    case 'resellers':
      return (await resellersReport(db, money)).rows.map((r) => [r.account, r.orders, major(r.gross), major(r.refunds)]);
    case 'merchants':
      return (await merchantsReport(db, money)).rows.map((r) => [pick(lang, r.name), r.orders, major(r.gross), major(r.refunds)]);
    case 'refunds':
      return (await refundsReport(db, money)).rows.map((r) => [REASONS[r.reason] ? pick(lang, REASONS[r.reason]!) : r.reason, r.refunds, major(r.amount)]);
    case 'esim_installs':
      return (await esimInstallsReport(db, { ...money, bucket: input.bucket })).rows.map((r) => [r.bucket, r.paidUnits, r.issued, r.installed24h, r.issued === 0 ? '' : ((r.installed24h / r.issued) * 100).toFixed(1)]);
    case 'stock_forecast':
      return (await stockForecast(db, money)).rows.map((r) => [r.skuCode, pick(lang, r.name), r.free, r.sold, r.perDay.toFixed(2), r.daysLeft]);
  }
}

export async function exportReport(db: Executor, input: ReportExportInput) {
  const money = MONEY_REPORTS.includes(input.report);
  if (money && !input.currency) throw new AppError(serverErrors.paramInvalid, 'currency');
  const currency = input.currency ?? 'USD';
  const rows = await rowsOf(db, input, currency);
  // Time series always have their buckets; an all-zero series is still nothing to export.
  const empty = rows.length === 0 || ((input.report === 'sales' || input.report === 'esim_installs') && rows.every((r) => r.slice(1).every((c) => c === 0 || c === '0.00' || c === '')));
  if (empty) throw new AppError(serverErrors.noDataToExport);
  const zh = input.lang === 'zh-Hans';
  const columns = HEADERS[input.report].map(([en, cn]) => (zh ? cn : en).replace('$', currency));
  const format = EXPORT_FORMATS[input.format];
  const bytes = renderTable({ columns, rows }, input.format, input.report);
  const baseName = `${input.report.replace('_', '-')}${money ? `-${currency}` : ''}-${input.from}-${input.to}`;
  return { fileName: `${baseName}.${format.extension}`, contentType: format.contentType, base64: bytes.toString('base64'), rows: rows.length };
}
