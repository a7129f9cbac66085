import { countryName, type CouponReportRow, type DestinationReportRow, type EsimInstallsReport, type MerchantReportRow, type ProductReportRow, type RefundReportRow, type ReportName, type ResellerReportRow, type SalesReportRow, type StockForecastRow } from '@simshop/contract';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatMoney, localText } from '@/lib/format';
import type { ChartPoint, ChartSpec } from './chart-spec';

/**
 * How each report reads: its table's columns, its chart and its empty text. Money is in the one
 * currency asked for; a ranking's chart shows its first rows (the table has them all).
 */

export interface ViewContext {
  t: TFunction;
  lang: string;
  currency: string;
  bucket: 'day' | 'week' | 'month';
}

export interface ReportView {
  columns: ColumnsType<Record<string, unknown>>;
  rowKey: string;
  chart: ChartSpec | null;
  emptyKey: string;
}

/** Bars in a ranking's chart; the table lists every row. */
const CHART_TOP = 12;
const LANG_LOCALE = (lang: string) => (lang === 'zh-Hans' ? 'zh-CN' : 'en-GB');

const count = (lang: string) => (v: number) => new Intl.NumberFormat(LANG_LOCALE(lang)).format(v);

function shortDate(date: string, lang: string) {
  return new Intl.DateTimeFormat(LANG_LOCALE(lang), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${date}T00:00:00Z`));
}

/** A bucket on a chart's axis: day and month for days and weeks, month and year for months (the table has the full date). */
function axisDate(date: string, lang: string, bucket: ViewContext['bucket']) {
  const parts: Intl.DateTimeFormatOptions = bucket === 'month' ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' };
  return new Intl.DateTimeFormat(LANG_LOCALE(lang), { ...parts, timeZone: 'UTC' }).format(Date.parse(`${date}T00:00:00Z`));
}

type Col<R> = ColumnsType<R>[number];
const num = <R,>(title: string, key: keyof R & string, render?: (v: number, r: R) => ReactNode): Col<R> => ({ title, dataIndex: key, key, align: 'right', render: render ?? ((v: number) => v) });

export function viewOf(name: ReportName, rows: ReadonlyArray<Record<string, unknown>>, ctx: ViewContext): ReportView {
  const { t, lang, currency, bucket } = ctx;
  const money = (v: number) => formatMoney(v, currency);
  const series = (points: ReadonlyArray<readonly [string, string, number]>): ChartPoint[] => points.map(([x, s, value]) => ({ x, series: s, value }));
  const as = <R,>(cols: ColumnsType<R>) => cols as ColumnsType<Record<string, unknown>>;

  switch (name) {
    case 'sales': {
      const r = rows as unknown as SalesReportRow[];
      return {
        rowKey: 'bucket',
        emptyKey: 'reports.empty.money',
        columns: as<SalesReportRow>([
          { title: t('reports.col.period'), dataIndex: 'bucket', key: 'bucket', render: (d: string) => shortDate(d, lang) },
          num(t('reports.col.orders'), 'orders'),
          num(t('reports.col.gross'), 'gross', money),
          num(t('reports.col.refunds'), 'refunds', (v) => (v ? `−${money(v)}` : money(0))),
          num(t('reports.col.net'), 'net', (v) => <strong>{money(v)}</strong>),
        ]),
        chart: {
          kind: 'column',
          layout: 'group',
          format: money,
          data: series(r.flatMap((x) => [[axisDate(x.bucket, lang, bucket), t('reports.col.gross'), x.gross] as const, [axisDate(x.bucket, lang, bucket), t('reports.col.refunds'), x.refunds] as const])),
        },
      };
    }
    case 'products': {
      const r = rows as unknown as ProductReportRow[];
      return {
        rowKey: 'productId',
        emptyKey: 'reports.empty.money',
        columns: as<ProductReportRow>([
          { title: t('reports.col.product'), key: 'name', render: (_, x) => localText(x.name, lang), ellipsis: true },
          num(t('reports.col.orders'), 'orders'),
          num(t('reports.col.units'), 'units'),
          num(t('reports.col.amount'), 'amount', money),
        ]),
        chart: { kind: 'bar', layout: 'group', format: money, data: series(r.slice(0, CHART_TOP).map((x) => [localText(x.name, lang), t('reports.col.amount'), x.amount] as const)) },
      };
    }
    case 'destinations': {
      const r = rows as unknown as DestinationReportRow[];
      const place = (code: string) => countryName(code, lang === 'zh-Hans' ? 'zh-Hans' : 'en');
      return {
        rowKey: 'country',
        emptyKey: 'reports.empty.destinations',
        columns: as<DestinationReportRow>([
          { title: t('reports.col.destination'), dataIndex: 'country', key: 'country', render: (c: string) => `${place(c)} (${c})` },
          {
            title: t('reports.col.single'),
            children: [num<DestinationReportRow>(t('reports.col.units'), 'units'), num<DestinationReportRow>(t('reports.col.amount'), 'amount', money)],
          },
          {
            title: t('reports.col.multi'),
            children: [num<DestinationReportRow>(t('reports.col.units'), 'multiUnits'), num<DestinationReportRow>(t('reports.col.amount'), 'multiAmount', money)],
          },
        ]),
        chart: {
          kind: 'bar',
          layout: 'stack',
          format: money,
          data: series(r.slice(0, CHART_TOP).flatMap((x) => [[place(x.country), t('reports.col.single'), x.amount] as const, [place(x.country), t('reports.col.multi'), x.multiAmount] as const])),
        },
      };
    }
    case 'coupons': {
      const r = rows as unknown as CouponReportRow[];
      return {
        rowKey: 'couponId',
        emptyKey: 'reports.empty.coupons',
        columns: as<CouponReportRow>([
          { title: t('reports.col.coupon'), key: 'name', render: (_, x) => localText(x.name, lang), ellipsis: true },
          num(t('reports.col.orders'), 'orders'),
          num(t('reports.col.order-totals'), 'gross', money),
          num(t('reports.col.discount'), 'discount', money),
        ]),
        chart: { kind: 'bar', layout: 'group', format: money, data: series(r.slice(0, CHART_TOP).flatMap((x) => [[localText(x.name, lang), t('reports.col.order-totals'), x.gross] as const, [localText(x.name, lang), t('reports.col.discount'), x.discount] as const])) },
      };
    }
    case 'resellers':
    case 'merchants': {
      const reseller = name === 'resellers';
      const r = rows as unknown as Array<ResellerReportRow | MerchantReportRow>;
      const label = (x: ResellerReportRow | MerchantReportRow) => ('account' in x ? x.account : localText(x.name, lang));
      return {
        rowKey: reseller ? 'userId' : 'merchantId',
        emptyKey: reseller ? 'reports.empty.resellers' : 'reports.empty.money',
        columns: as<ResellerReportRow | MerchantReportRow>([
          { title: t(reseller ? 'reports.col.account' : 'reports.col.merchant'), key: 'who', render: (_, x) => label(x), ellipsis: true },
          num(t('reports.col.orders'), 'orders'),
          num(t('reports.col.gross'), 'gross', money),
          num(t('reports.col.refunds'), 'refunds', (v) => (v ? `−${money(v)}` : money(0))),
        ]),
        chart: { kind: 'bar', layout: 'group', format: money, data: series(r.slice(0, CHART_TOP).flatMap((x) => [[label(x), t('reports.col.gross'), x.gross] as const, [label(x), t('reports.col.refunds'), x.refunds] as const])) },
      };
    }
    case 'refunds': {
      const r = rows as unknown as RefundReportRow[];
      const reason = (k: string) => t(`reports.reason.${k}`, { defaultValue: k });
      return {
        rowKey: 'reason',
        emptyKey: 'reports.empty.refunds',
        columns: as<RefundReportRow>([
          { title: t('reports.col.reason'), dataIndex: 'reason', key: 'reason', render: reason },
          num(t('reports.col.refund-count'), 'refunds'),
          num(t('reports.col.refund-amount'), 'amount', money),
        ]),
        chart: { kind: 'bar', layout: 'group', format: money, data: series(r.map((x) => [reason(x.reason), t('reports.col.refund-amount'), x.amount] as const)) },
      };
    }
    case 'esim_installs': {
      const r = rows as unknown as EsimInstallsReport['rows'];
      const pct = (x: EsimInstallsReport['rows'][number]) => (x.issued ? `${((x.installed24h / x.issued) * 100).toFixed(1)} %` : '—');
      return {
        rowKey: 'bucket',
        emptyKey: 'reports.empty.esims',
        columns: as<EsimInstallsReport['rows'][number]>([
          { title: t('reports.col.period'), dataIndex: 'bucket', key: 'bucket', render: (d: string) => shortDate(d, lang) },
          num(t('reports.col.paid-units'), 'paidUnits'),
          num(t('reports.col.issued'), 'issued'),
          num(t('reports.col.installed24h'), 'installed24h'),
          { title: t('reports.col.rate24h'), key: 'rate', align: 'right', render: (_, x) => pct(x) },
        ]),
        chart: {
          kind: 'column',
          layout: 'group',
          format: count(lang),
          data: series(r.flatMap((x) => [[axisDate(x.bucket, lang, bucket), t('reports.col.issued'), x.issued] as const, [axisDate(x.bucket, lang, bucket), t('reports.col.installed24h'), x.installed24h] as const])),
        },
      };
    }
    case 'stock_forecast': {
      const r = rows as unknown as StockForecastRow[];
      const plan = (x: StockForecastRow) => `${localText(x.name, lang)} · ${x.skuCode}`;
      const selling = r.filter((x) => x.daysLeft !== null && x.free > 0);
      return {
        rowKey: 'skuId',
        emptyKey: 'reports.empty.pools',
        columns: as<StockForecastRow>([
          { title: t('reports.col.sku'), key: 'plan', render: (_, x) => plan(x), ellipsis: true },
          num(t('reports.col.free'), 'free'),
          num(t('reports.col.sold'), 'sold'),
          num(t('reports.col.per-day'), 'perDay', (v) => v.toFixed(2)),
          {
            title: t('reports.col.days-left'),
            dataIndex: 'daysLeft',
            key: 'daysLeft',
            align: 'right',
            render: (v: number | null, x) =>
              x.free === 0 ? <Tag color="red">{t('reports.days-left.out')}</Tag> : v === null ? <Typography.Text type="secondary">{t('reports.days-left.never')}</Typography.Text> : t('reports.days-left', { count: v }),
          },
        ]),
        chart: selling.length ? { kind: 'bar', layout: 'group', format: (v) => t('reports.days-left', { count: v }), data: series(selling.slice(0, CHART_TOP).map((x) => [plan(x), t('reports.col.days-left'), x.daysLeft!] as const)) } : null,
      };
    }
  }
}

/** Whether a report has anything to show: time series always have their buckets, so zeros count as nothing. */
export function hasData(name: ReportName, rows: ReadonlyArray<Record<string, unknown>>): boolean {
  if (name === 'sales') return (rows as unknown as SalesReportRow[]).some((r) => r.orders || r.refunds);
  if (name === 'esim_installs') return (rows as unknown as EsimInstallsReport['rows']).some((r) => r.paidUnits || r.issued);
  return rows.length > 0;
}
