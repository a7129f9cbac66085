import { App, Button, DatePicker, Empty, Popconfirm, Segmented, Space, Spin, Table, Tag, Typography } from 'antd';
import type { SettlementFigures, SettlementRow } from '@simshop/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FittedTableFrame, OneLine, useFittedColumns, type FittedColumn } from '@/components/fitted-columns';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { errorText } from '@/lib/form-errors';
import { formatDateTime, formatMoney, localText } from '@/lib/format';
import { useCan, useMe } from '@/lib/staff-session';
import { saveFile } from '@/lib/save-file';
import { useExportSettlement, useSettle, useSettlement } from '../api/settlement';

/** Periods are whole UTC days, as the server keeps them: [from, to). */
const utcDay = (d: Dayjs) => Date.UTC(d.year(), d.month(), d.date());

/** A merchant with no sales in the period has one row with no currency (''). */
interface Row extends Omit<SettlementFigures, 'currency'> {
  currency: SettlementFigures['currency'] | '';
  key: string;
  merchant: SettlementRow;
  /** The first currency line of a merchant carries the merchant's cells (the others span under it). */
  first: boolean;
  span: number;
}

/**
 * Settlement: per merchant, for a calendar month or any from–to, what was sold, what
 * went back, the commission and what the platform owes. Platform staff see every merchant and
 * settle (lock) a period once it has ended; merchant staff see their own merchant only (the
 * server filters; the button is not offered).
 */
export default function SettlementPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const me = useMe().data;
  const [mode, setMode] = useState<'month' | 'range'>('month');
  const [month, setMonth] = useState<Dayjs>(() => dayjs().subtract(1, 'month').startOf('month'));
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('month'), dayjs()]);
  const from = mode === 'month' ? Date.UTC(month.year(), month.month(), 1) : utcDay(range[0]);
  const to = mode === 'month' ? Date.UTC(month.year(), month.month() + 1, 1) : utcDay(range[1]) + 86_400_000;
  const query = useSettlement({ from, to });
  const settle = useSettle();
  const exporter = useExportSettlement();
  const lang = i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en';
  const ended = to <= Date.now();
  const maySettle = can('settlements.manage') && me?.merchantId === null;

  const download = async (format: 'csv' | 'xlsx') => {
    try {
      const file = await exporter.mutateAsync({ from, to, format, lang });
      saveFile(file.fileName, file.base64, file.contentType, 'base64');
      void message.success(t('settlement.exported', { rows: file.rows }));
    } catch (err) {
      void message.error(errorText(err, t));
    }
  };

  const doSettle = async (m: SettlementRow) => {
    try {
      await settle.mutateAsync({ merchantId: m.merchant.id, from, to });
      void message.success(t('settlement.settled'));
    } catch (err) {
      void message.error(errorText(err, t));
    }
  };

  const rows: Row[] = (query.data?.items ?? []).flatMap((m) => {
    const lines = m.lines.length ? m.lines : [null];
    return lines.map((l, i) => ({
      key: `${m.merchant.id}-${l?.currency ?? 'none'}`,
      merchant: m,
      first: i === 0,
      span: i === 0 ? lines.length : 0,
      currency: l?.currency ?? '',
      orders: l?.orders ?? 0,
      gross: l?.gross ?? 0,
      refunds: l?.refunds ?? 0,
      commission: l?.commission ?? 0,
      payable: l?.payable ?? 0,
    }));
  });
  const cellMoney = (value: number, r: Row) => (r.currency ? formatMoney(value, r.currency) : '—');
  const merchantCell = (r: Row) => ({ rowSpan: r.span });

  const columns: FittedColumn<Row>[] = [
    { key: 'merchant', label: t('settlement.merchant'), priority: 1, width: 160, title: t('settlement.merchant'), onCell: merchantCell, render: (_, r) => <OneLine text={localText(r.merchant.merchant.name, i18n.language)}><strong>{localText(r.merchant.merchant.name, i18n.language)}</strong></OneLine> },
    { key: 'currency', label: t('settlement.currency'), priority: 2, width: 90, title: t('settlement.currency'), dataIndex: 'currency', render: (c: string) => c || <Typography.Text type="secondary">{t('settlement.no-activity')}</Typography.Text> },
    { key: 'orders', label: t('settlement.orders'), priority: 2, width: 80, title: t('settlement.orders'), dataIndex: 'orders', align: 'right' },
    { key: 'gross', label: t('settlement.gross'), priority: 1, width: 120, title: t('settlement.gross'), dataIndex: 'gross', align: 'right', render: (v: number, r) => cellMoney(v, r) },
    { key: 'refunds', label: t('settlement.refunds'), priority: 2, width: 120, title: t('settlement.refunds'), dataIndex: 'refunds', align: 'right', render: (v: number, r) => cellMoney(v, r) },
    { key: 'rate', label: t('settlement.rate'), priority: 3, width: 90, title: t('settlement.rate'), align: 'right', onCell: merchantCell, render: (_, r) => `${(r.merchant.commissionBps / 100).toFixed(2)} %` },
    { key: 'commission', label: t('settlement.commission'), priority: 1, width: 120, title: t('settlement.commission'), dataIndex: 'commission', align: 'right', render: (v: number, r) => cellMoney(v, r) },
    { key: 'payable', label: t('settlement.payable'), priority: 1, width: 130, title: t('settlement.payable'), dataIndex: 'payable', align: 'right', render: (v: number, r) => <strong>{cellMoney(v, r)}</strong> },
    {
      title: t('settlement.state'),
      key: 'state',
      label: t('settlement.state'),
      priority: 1,
      width: 170,
      onCell: merchantCell,
      render: (_, r) => {
        const m = r.merchant;
        if (m.settled) {
          return (
            <Space orientation="vertical" size={0}>
              <Tag color="green">{t('settlement.state.settled', { at: formatDateTime(m.settled.at, i18n.language) })}</Tag>
              {m.settled.by ? <Typography.Text type="secondary">{t('settlement.state.settled-by', { by: m.settled.by })}</Typography.Text> : null}
            </Space>
          );
        }
        if (m.overlapsSettled) return <Tag color="orange">{t('settlement.state.overlaps')}</Tag>;
        if (!ended) return <Tag>{t('settlement.state.running')}</Tag>;
        if (!maySettle) return <Tag>{t('settlement.state.open')}</Tag>;
        const name = localText(m.merchant.name, i18n.language);
        return (
          <Popconfirm title={t('settlement.settle.confirm', { merchant: name })} onConfirm={() => doSettle(m)} okText={t('settlement.settle')}>
            <Button size="small" type="primary" loading={settle.isPending && settle.variables?.merchantId === m.merchant.id}>
              {t('settlement.settle')}
            </Button>
          </Popconfirm>
        );
      },
    },
  ];
  const fitted = useFittedColumns('settlement', columns);

  return (
    <>
      <PageHeader
        title={t('settlement.title')}
        subtitle={t('settlement.subtitle')}
        extra={
          <>
            <Button onClick={() => void download('csv')} loading={exporter.isPending} disabled={!rows.some((r) => r.currency)}>
              {t('settlement.export.csv')}
            </Button>
            <Button onClick={() => void download('xlsx')} loading={exporter.isPending} disabled={!rows.some((r) => r.currency)}>
              {t('settlement.export.xlsx')}
            </Button>
          </>
        }
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          value={mode}
          onChange={(v) => setMode(v as 'month' | 'range')}
          options={[
            { value: 'month', label: t('settlement.mode.month') },
            { value: 'range', label: t('settlement.mode.range') },
          ]}
        />
        {mode === 'month' ? (
          <DatePicker picker="month" value={month} allowClear={false} onChange={(v) => v && setMonth(v)} aria-label={t('settlement.mode.month')} />
        ) : (
          <DatePicker.RangePicker value={range} allowClear={false} onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
        )}
        <Typography.Text type="secondary">UTC</Typography.Text>
      </Space>
      <FittedTableFrame
        fitted={fitted}
        instead={query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : query.isPending ? <Spin /> : null}
      >
        <Table<Row>
          rowKey="key"
          dataSource={rows}
          pagination={false}
          size="middle"
          locale={{ emptyText: <Empty description={t('settlement.empty')} /> }}
          scroll={fitted.scroll}
          tableLayout="fixed"
          columns={fitted.columns}
        />
      </FittedTableFrame>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('settlement.rules')}
      </Typography.Paragraph>
    </>
  );
}
