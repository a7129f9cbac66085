import { Space, Tag, Tooltip, Typography } from 'antd';
import { refundAdminListRequest, WITHDRAWAL_REFUND_REASON, type AdminRefund } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterBar, type FilterDecl } from '@/components/filter-bar';
import { FittedTableFrame, OneLine, useFittedColumns, WrappingDateTime, type FittedColumn } from '@/components/fitted-columns';
import { ListTable } from '@/components/list-table';
import { formatMoney } from '@/lib/format';
import { useListRequest } from '@/lib/use-list-request';
import { useRefundList } from '../api/refund-list';
import { MethodLabel, MONO, ProviderId } from './payments-table';

const STATE_COLORS = { requested: 'gold', refunded: 'green', partial: 'cyan', rejected: 'default' } as const;

/** The filters this list shows, by its request's fields (labels and values' words are text keys). */
const REFUND_FILTERS: readonly FilterDecl[] = [
  { name: 'q', label: 'refunds.search', width: 320 },
  { name: 'state', label: 'refunds.state', optionLabels: 'refunds.state.', width: 170 },
  { range: ['from', 'to'], label: 'console.date-range' },
];

/** Refunds: asked for, paid back (in full or part) or rejected, and the payment the money goes back to. */
export function RefundsTable() {
  const { t } = useTranslation();
  const list = useListRequest(refundAdminListRequest, { sortField: 'requestedAt' });
  const query = useRefundList(list.request);
  const columns: FittedColumn<AdminRefund>[] = [
    { key: 'requestedAt', label: t('refunds.requested'), priority: 1, title: t('refunds.requested'), dataIndex: 'requestedAt', width: 130, ...list.sortable('requestedAt'), render: (v: number) => <WrappingDateTime value={v} /> },
    { key: 'orderNo', label: t('payments.order'), priority: 1, title: t('payments.order'), dataIndex: 'orderNo', width: 205, render: (orderNo: string) => <Link to={`/orders/${encodeURIComponent(orderNo)}`} style={MONO}>{orderNo}</Link> },
    {
      key: 'state',
      label: t('refunds.state'),
      priority: 1,
      width: 150,
      title: t('refunds.state'),
      dataIndex: 'state',
      render: (s: AdminRefund['state'], row) => (
        <Space size={4} wrap>
          <Tag color={STATE_COLORS[s]}>{t(`refunds.state.${s}`)}</Tag>
          {row.automatic ? (
            <Tooltip title={t('refunds.automatic.hint')}>
              <Tag color="blue" tabIndex={0}>{t('refunds.automatic')}</Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'amount',
      label: t('refunds.amount'),
      priority: 1,
      width: 140,
      title: t('refunds.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: number | null, row) => (
        <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          <Typography.Text strong>{amount === null ? '—' : formatMoney(amount, row.currency)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('refunds.of-total', { total: formatMoney(row.orderTotal, row.currency) })}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'reason',
      label: t('refunds.reason'),
      priority: 2,
      width: 200,
      title: t('refunds.reason'),
      dataIndex: 'reason',
      render: (reason: string, row) => (
        <Space orientation="vertical" size={0}>
          <span>
            {reason === WITHDRAWAL_REFUND_REASON ? <Tag color="purple">{t('refunds.withdrawal-tag')}</Tag> : null}
            {t(`refunds.reason.${reason}`, { defaultValue: reason || '—' })}
          </span>
          {row.note ? <OneLine text={row.note} secondary /> : null}
        </Space>
      ),
    },
    { key: 'method', label: t('payments.method'), priority: 3, title: t('payments.method'), dataIndex: 'method', width: 130, render: (m: AdminRefund['method']) => <MethodLabel method={m} /> },
    { key: 'providerRef', label: t('payments.provider-id'), priority: 2, title: t('payments.provider-id'), dataIndex: 'providerRef', width: 200, render: (v: string | null) => <ProviderId value={v} /> },
    { key: 'refundId', label: t('refunds.refund-id'), priority: 4, title: t('refunds.refund-id'), dataIndex: 'refundId', width: 200, render: (v: string) => <ProviderId value={v} /> },
    { key: 'decidedAt', label: t('refunds.decided'), priority: 3, title: t('refunds.decided'), dataIndex: 'decidedAt', width: 130, render: (v: number | null) => <WrappingDateTime value={v} /> },
  ];
  const fitted = useFittedColumns('refunds', columns);
  return (
    <>
      <FilterBar schema={refundAdminListRequest} fields={REFUND_FILTERS} list={list} />
      <FittedTableFrame fitted={fitted}>
        <ListTable<AdminRefund> query={query} list={list} scroll={fitted.scroll} tableLayout="fixed" columns={fitted.columns} />
      </FittedTableFrame>
    </>
  );
}
