import { DatePicker, Input, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { REFUND_STATES, type AdminRefund } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/date-time';
import { ListTable } from '@/components/list-table';
import { dayjsRange, rangeToMillis } from '@/lib/date-range';
import { formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/use-list-params';
import { useRefundList } from '../api/refund-list';
import { MethodLabel, ProviderId } from './payments-table';

const STATE_COLORS = { requested: 'gold', refunded: 'green', partial: 'cyan', rejected: 'default' } as const;

/** Refunds: asked for, paid back (in full or part) or rejected, and the payment the money goes back to. */
export function RefundsTable() {
  const { t } = useTranslation();
  const list = useListParams(['q', 'state', 'from', 'to'] as const, { sortField: 'requestedAt' });
  const f = list.filters;
  const query = useRefundList({
    page: list.page,
    pageSize: list.pageSize,
    sortField: 'requestedAt',
    sortOrder: list.sortOrder,
    q: f.q,
    state: (REFUND_STATES as readonly string[]).includes(f.state ?? '') ? (f.state as AdminRefund['state']) : undefined,
    from: f.from ? Number(f.from) : undefined,
    to: f.to ? Number(f.to) : undefined,
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('refunds.search')} defaultValue={f.q} onSearch={(q) => list.setFilters({ q })} style={{ width: 320 }} aria-label={t('refunds.search')} />
        <Select allowClear placeholder={t('refunds.state')} aria-label={t('refunds.state')} value={f.state} onChange={(state) => list.setFilters({ state })} style={{ width: 170 }} options={REFUND_STATES.map((s) => ({ value: s, label: t(`refunds.state.${s}`) }))} />
        <DatePicker.RangePicker aria-label={t('console.date-range')} value={dayjsRange(f.from, f.to)} onChange={(range) => list.setFilters(rangeToMillis(range))} />
      </Space>
      <ListTable<AdminRefund>
        query={query}
        list={list}
        scroll={{ x: 1400 }}
        columns={[
          { title: t('refunds.requested'), dataIndex: 'requestedAt', sorter: true, sortOrder: list.sortOrderOf('requestedAt'), render: (v: number) => <DateTime value={v} /> },
          { title: t('payments.order'), dataIndex: 'orderNo', render: (orderNo: string) => <Link to={`/orders/${encodeURIComponent(orderNo)}`}>{orderNo}</Link> },
          { title: t('refunds.state'), dataIndex: 'state', render: (s: AdminRefund['state']) => <Tag color={STATE_COLORS[s]}>{t(`refunds.state.${s}`)}</Tag> },
          {
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
            title: t('refunds.reason'),
            dataIndex: 'reason',
            render: (reason: string, row) => (
              <Space orientation="vertical" size={0}>
                <span>{t(`refunds.reason.${reason}`, { defaultValue: reason || '—' })}</span>
                {row.note ? (
                  <Tooltip title={row.note}>
                    <Typography.Text type="secondary" ellipsis style={{ maxWidth: 200, fontSize: 12 }}>
                      {row.note}
                    </Typography.Text>
                  </Tooltip>
                ) : null}
              </Space>
            ),
          },
          { title: t('payments.method'), dataIndex: 'method', render: (m: AdminRefund['method']) => <MethodLabel method={m} /> },
          { title: t('payments.provider-id'), dataIndex: 'providerRef', render: (v: string | null) => <ProviderId value={v} /> },
          { title: t('refunds.refund-id'), dataIndex: 'refundId', render: (v: string) => <ProviderId value={v} /> },
          { title: t('refunds.decided'), dataIndex: 'decidedAt', render: (v: number | null) => <DateTime value={v} /> },
        ]}
      />
    </>
  );
}
