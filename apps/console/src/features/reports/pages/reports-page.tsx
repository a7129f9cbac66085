import { currencyForLanguage, MONEY_REPORTS, REPORT_NAMES, type ReportBucket, type ReportName } from '@simshop/contract';
import { App, Button, Card, DatePicker, Empty, Flex, Segmented, Select, Spin, Table, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { errorText } from '@/lib/form-errors';
import { saveFile } from '@/lib/save-file';
import { useExportReport, useReport, type ReportBody } from '../api/reports';
import { hasData, viewOf } from '../components/report-views';
import { ReportTotals } from '../components/report-totals';
import { browserTimeZone, isoDay, PERIOD_PRESETS, presetRange, type PeriodPreset } from './period';

// The charting library is fetched when a chart is first drawn, not with the console's first screen.
const ReportChart = lazy(() => import('../components/report-chart'));

const BUCKETED: readonly ReportName[] = ['sales', 'esim_installs'];
const CURRENCIES = ['USD', 'CNY'] as const;
type Currency = (typeof CURRENCIES)[number];

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

/** The page's choices live in the address, so a reload or a shared link shows the same report. */
function useChoices() {
  const { i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const report = pick(params.get('report'), REPORT_NAMES, 'sales');
  const preset = pick(params.get('period'), PERIOD_PRESETS, 'days30');
  const currency = pick(params.get('currency'), CURRENCIES, currencyForLanguage(i18n.language) as Currency);
  const bucket = pick(params.get('bucket'), ['day', 'week', 'month'] as const, 'day');
  const customFrom = params.get('from');
  const customTo = params.get('to');
  const range: [Dayjs, Dayjs] = preset === 'custom' && customFrom && customTo && dayjs(customFrom).isValid() && dayjs(customTo).isValid() ? [dayjs(customFrom), dayjs(customTo)] : presetRange(preset === 'custom' ? 'days30' : preset);
  // From the address as it is now: two changes before the page draws again must both stay.
  const set = (changes: Record<string, string | null>) =>
    setParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  return { report, preset, currency, bucket, range, set };
}

/**
 * Reports: a period (presets or any from–to, whole days in the browser's time zone), a
 * currency for the money reports, one report at a time with its chart, its table and its
 * export. Every figure comes from the server, added up there.
 */
export default function ReportsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { report, preset, currency, bucket, range, set } = useChoices();
  const timeZone = browserTimeZone();
  const money = MONEY_REPORTS.includes(report);
  const bucketed = BUCKETED.includes(report);
  const body: ReportBody = { from: isoDay(range[0]), to: isoDay(range[1]), timeZone, ...(money ? { currency } : {}), ...(bucketed ? { bucket } : {}) };
  const query = useReport(report, body);
  const exporter = useExportReport();
  const lang = i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en';
  const rows = useMemo(() => (query.data?.rows ?? []) as Array<Record<string, unknown>>, [query.data]);
  const view = useMemo(() => viewOf(report, rows, { t, lang: i18n.language, currency, bucket }), [report, rows, t, i18n.language, currency, bucket]);
  const shown = hasData(report, rows);

  const download = async (format: 'csv' | 'xlsx') => {
    try {
      const file = await exporter.mutateAsync({ report, ...body, format, lang });
      saveFile(file.fileName, file.base64, file.contentType, 'base64');
      void message.success(t('reports.exported', { rows: file.rows }));
    } catch (err) {
      void message.error(errorText(err, t));
    }
  };

  const choosePreset = (value: PeriodPreset) => {
    if (value === 'custom') set({ period: 'custom', from: body.from, to: body.to });
    else set({ period: value, from: null, to: null });
  };

  const panel = query.isError ? (
    <QueryError error={query.error} onRetry={() => void query.refetch()} />
  ) : query.isPending ? (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin />
    </Flex>
  ) : !shown ? (
    <Empty description={t(view.emptyKey)} style={{ padding: 32 }} />
  ) : (
    <>
      {report === 'sales' || report === 'esim_installs' ? <ReportTotals report={report} data={query.data} currency={currency} /> : null}
      {view.chart ? (
        <Suspense
          fallback={
            <Flex justify="center" align="center" style={{ height: 320 }}>
              <Spin tip={t('reports.chart.loading')} />
            </Flex>
          }
        >
          <ReportChart spec={view.chart} label={t('reports.chart', { report: t(`reports.${report}`), from: body.from, to: body.to })} />
        </Suspense>
      ) : null}
      <Table rowKey={view.rowKey} dataSource={rows} columns={view.columns} pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false} size="middle" bordered={report === 'destinations'} style={{ marginTop: 16 }} />
    </>
  );

  return (
    <>
      <PageHeader
        title={t('reports.title')}
        subtitle={t('reports.subtitle')}
        extra={
          <>
            <Button onClick={() => void download('csv')} loading={exporter.isPending && exporter.variables?.format === 'csv'} disabled={!shown}>
              {t('reports.export.csv')}
            </Button>
            <Button onClick={() => void download('xlsx')} loading={exporter.isPending && exporter.variables?.format === 'xlsx'} disabled={!shown}>
              {t('reports.export.xlsx')}
            </Button>
          </>
        }
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex wrap gap={16} align="center">
          <Flex gap={8} align="center" role="group" aria-labelledby="reports-period-label">
            <Typography.Text id="reports-period-label" strong>
              {t('reports.period')}
            </Typography.Text>
            <Select<PeriodPreset> aria-label={t('reports.period')} value={preset} onChange={choosePreset} style={{ width: 150 }} options={PERIOD_PRESETS.map((p) => ({ value: p, label: t(`reports.period.${p}`) }))} />
            <DatePicker.RangePicker
              placeholder={[t('reports.period.start'), t('reports.period.end')]}
              value={range}
              allowClear={false}
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
              onChange={(v) => v?.[0] && v[1] && set({ period: 'custom', from: isoDay(v[0]), to: isoDay(v[1]) })}
            />
          </Flex>
          <Flex gap={8} align="center" role="group" aria-labelledby="reports-currency-label">
            <Typography.Text id="reports-currency-label" strong>
              {t('reports.currency')}
            </Typography.Text>
            {money ? <Segmented<Currency> aria-label={t('reports.currency')} value={currency} onChange={(v) => set({ currency: v })} options={[...CURRENCIES]} /> : <Typography.Text type="secondary">{t('reports.currency.none')}</Typography.Text>}
          </Flex>
          {bucketed ? (
            <Flex gap={8} align="center" role="group" aria-labelledby="reports-bucket-label">
              <Typography.Text id="reports-bucket-label" strong>
                {t('reports.bucket')}
              </Typography.Text>
              <Segmented<ReportBucket> aria-label={t('reports.bucket')} value={bucket} onChange={(v) => set({ bucket: v })} options={(['day', 'week', 'month'] as const).map((b) => ({ value: b, label: t(`reports.bucket.${b}`) }))} />
            </Flex>
          ) : null}
          <Typography.Text type="secondary">{t('reports.time-zone', { zone: timeZone })}</Typography.Text>
        </Flex>
      </Card>
      <Tabs
        aria-label={t('reports.choice')}
        activeKey={report}
        onChange={(key) => set({ report: key })}
        items={REPORT_NAMES.map((name) => ({
          key: name,
          label: t(`reports.${name}`),
          children:
            name === report ? (
              <>
                <Typography.Paragraph type="secondary" style={{ maxWidth: 960 }}>
                  {t(`reports.note.${name}`)}
                </Typography.Paragraph>
                {panel}
              </>
            ) : null,
        }))}
      />
    </>
  );
}
