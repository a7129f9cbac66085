import { DatePicker, Input, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { PAY_METHODS, PAYMENT_PROVIDERS, PAYMENT_STATUSES, type AdminPayment, type PayMethod } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/date-time';
import { ListTable } from '@/components/list-table';
import { dayjsRange, rangeToMillis } from '@/lib/date-range';
import { formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/use-list-params';
import { usePaymentList } from '../api/payment-list';

const STATUS_COLORS = { pending: 'blue', succeeded: 'green', failed: 'red', cancelled: 'default' } as const;

/** An id staff copy into the provider's dashboard: monospace, copyable, shortened in the cell. */
export function ProviderId({ value }: { value: string | null }) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  // Both ends of a long id tell ids apart; the whole one is copied and shown on hover.
  const short = value.length > 20 ? `${value.slice(0, 10)}…${value.slice(-6)}` : value;
  return (
    <Tooltip title={value}>
      <Typography.Text code copyable={{ text: value }} style={{ whiteSpace: 'nowrap' }}>
        {short}
      </Typography.Text>
    </Tooltip>
  );
}

export function MethodLabel({ method }: { method: PayMethod | null }) {
  const { t } = useTranslation();
  if (!method) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      <span>{t(`payments.method.${method}`)}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`payments.provider.${PAYMENT_PROVIDERS[method]}`)}
      </Typography.Text>
    </Space>
  );
}

/** The status, and what happened after it: money given back without staff, a session closed at the provider. */
function PaymentStatus({ status, row }: { status: AdminPayment['status']; row: AdminPayment }) {
  const { t } = useTranslation();
  const refunded = row.autoRefund ? formatMoney(row.autoRefund.amount, row.currency) : null;
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_COLORS[status]}>{t(`payments.status.${status}`)}</Tag>
      {row.autoRefund && (
        <Tooltip title={t(`payments.auto-refund.${row.autoRefund.reason}`, { amount: refunded })}>
          <Tag color="orange">{t('payments.auto-refund.tag', { amount: refunded })}</Tag>
        </Tooltip>
      )}
      {row.sessionClosedAt !== null && !row.autoRefund && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('payments.session-closed')}
        </Typography.Text>
      )}
    </Space>
  );
}

/** Payments: what came in through which provider, with the provider's own id. */
export function PaymentsTable() {
  const { t } = useTranslation();
  const list = useListParams(['q', 'status', 'method', 'currency', 'from', 'to'] as const, { sortField: 'createdAt' });
  const f = list.filters;
  const query = usePaymentList({
    page: list.page,
    pageSize: list.pageSize,
    sortField: list.sortField === 'amount' ? 'amount' : 'createdAt',
    sortOrder: list.sortOrder,
    q: f.q,
    status: (PAYMENT_STATUSES as readonly string[]).includes(f.status ?? '') ? (f.status as AdminPayment['status']) : undefined,
    method: (PAY_METHODS as readonly string[]).includes(f.method ?? '') ? (f.method as PayMethod) : undefined,
    currency: f.currency === 'USD' || f.currency === 'CNY' ? f.currency : undefined,
    from: f.from ? Number(f.from) : undefined,
    to: f.to ? Number(f.to) : undefined,
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('payments.search')} defaultValue={f.q} onSearch={(q) => list.setFilters({ q })} style={{ width: 320 }} aria-label={t('payments.search')} />
        <Select allowClear placeholder={t('payments.status')} aria-label={t('payments.status')} value={f.status} onChange={(status) => list.setFilters({ status })} style={{ width: 150 }} options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`payments.status.${s}`) }))} />
        <Select allowClear placeholder={t('payments.method')} aria-label={t('payments.method')} value={f.method} onChange={(method) => list.setFilters({ method })} style={{ width: 170 }} options={PAY_METHODS.map((m) => ({ value: m, label: t(`payments.method.${m}`) }))} />
        <Select allowClear placeholder={t('payments.currency')} aria-label={t('payments.currency')} value={f.currency} onChange={(currency) => list.setFilters({ currency })} style={{ width: 120 }} options={['USD', 'CNY'].map((c) => ({ value: c, label: c }))} />
        <DatePicker.RangePicker aria-label={t('console.date-range')} value={dayjsRange(f.from, f.to)} onChange={(range) => list.setFilters(rangeToMillis(range))} />
      </Space>
      <ListTable<AdminPayment>
        query={query}
        list={list}
        scroll={{ x: 1400 }}
        columns={[
          { title: t('payments.created'), dataIndex: 'createdAt', sorter: true, sortOrder: list.sortOrderOf('createdAt'), render: (v: number) => <DateTime value={v} /> },
          { title: t('payments.order'), dataIndex: 'orderNo', render: (orderNo: string) => <Link to={`/orders/${encodeURIComponent(orderNo)}`}>{orderNo}</Link> },
          { title: t('payments.customer'), dataIndex: 'account', render: (account: string) => <Typography.Text ellipsis={{ tooltip: account }} style={{ maxWidth: 200 }}>{account}</Typography.Text> },
          { title: t('payments.method'), dataIndex: 'method', render: (m: PayMethod) => <MethodLabel method={m} /> },
          { title: t('payments.amount'), dataIndex: 'amount', align: 'right', sorter: true, sortOrder: list.sortOrderOf('amount'), render: (amount: number, row) => <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>{formatMoney(amount, row.currency)}</Typography.Text> },
          { title: t('payments.status'), dataIndex: 'status', render: (s: AdminPayment['status'], row) => <PaymentStatus status={s} row={row} /> },
          { title: t('payments.provider-id'), dataIndex: 'providerRef', render: (v: string | null) => <ProviderId value={v} /> },
          { title: t('payments.payment-id'), dataIndex: 'id', render: (v: string) => <ProviderId value={v} /> },
          { title: t('payments.settled'), dataIndex: 'updatedAt', render: (v: number, row) => (row.status === 'pending' ? '—' : <DateTime value={v} />) },
        ]}
      />
    </>
  );
}
