import type { EsimInstallsReport, SalesReportRow } from '@simshop/contract';
import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';

/** The period's totals above a time series: what the owner reads first. */
export function ReportTotals({ report, data, currency }: { report: 'sales' | 'esim_installs'; data: unknown; currency: string }) {
  const { t } = useTranslation();
  if (report === 'sales') {
    const rows = (data as { rows: SalesReportRow[] }).rows;
    const sum = (k: 'orders' | 'gross' | 'refunds' | 'net') => rows.reduce((s, r) => s + r[k], 0);
    const items = [
      { key: 'orders', title: t('reports.total.orders'), value: String(sum('orders')) },
      { key: 'gross', title: t('reports.total.gross'), value: formatMoney(sum('gross'), currency) },
      { key: 'refunds', title: t('reports.total.refunds'), value: sum('refunds') ? `−${formatMoney(sum('refunds'), currency)}` : formatMoney(0, currency) },
      { key: 'net', title: t('reports.total.net'), value: formatMoney(sum('net'), currency) },
    ];
    return <Totals items={items} />;
  }
  const d = data as EsimInstallsReport;
  const minutes = d.medianMinutes;
  const median = minutes === null ? t('reports.total.median.none') : minutes < 60 ? t('reports.minutes', { count: minutes }) : t('reports.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  const items = [
    { key: 'issued', title: t('reports.total.issued'), value: `${d.issued} / ${d.paidUnits}` },
    { key: 'rate', title: t('reports.total.rate24h'), value: d.issued ? `${((d.installed24h / d.issued) * 100).toFixed(1)} %` : '—' },
    { key: 'median', title: t('reports.total.median'), value: median },
  ];
  return <Totals items={items} />;
}

function Totals({ items }: { items: Array<{ key: string; title: string; value: string }> }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {items.map((i) => (
        <Col key={i.key} xs={12} lg={6}>
          <Statistic title={i.title} value={i.value} />
        </Col>
      ))}
    </Row>
  );
}
