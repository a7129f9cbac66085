import { Space, Tag, Tooltip, Typography } from 'antd';
import { PAYMENT_PROVIDERS, paymentAdminListRequest, type AdminPayment, type PayMethod } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterBar, type FilterDecl } from '@/components/filter-bar';
import { FittedTableFrame, OneLine, useFittedColumns, WrappingDateTime, type FittedColumn } from '@/components/fitted-columns';
import { ListTable } from '@/components/list-table';
import { SavedViews } from '@/components/saved-views/saved-views';
import { formatMoney } from '@/lib/format';
import { useListRequest } from '@/lib/use-list-request';
import { usePaymentList } from '../api/payment-list';

/** An order number on one line, in the type the orders list shows it in. */
export const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', whiteSpace: 'nowrap' } as const;

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

/** The filters this list shows, by its request's fields (labels and values' words are text keys). */
const PAYMENT_FILTERS: readonly FilterDecl[] = [
  { name: 'q', label: 'payments.search', width: 320 },
  { name: 'status', label: 'payments.status', optionLabels: 'payments.status.', width: 150 },
  { name: 'method', label: 'payments.method', optionLabels: 'payments.method.', width: 170 },
  // A currency's code is its own word.
  { name: 'currency', label: 'payments.currency', optionLabels: (code) => code, width: 120 },
  { range: ['from', 'to'], label: 'console.date-range' },
];

/** Payments: what came in through which provider, with the provider's own id. */
export function PaymentsTable() {
  const { t } = useTranslation();
  const list = useListRequest(paymentAdminListRequest, { sortField: 'createdAt' });
  const query = usePaymentList(list.request);
  const columns: FittedColumn<AdminPayment>[] = [
    { key: 'createdAt', label: t('payments.created'), priority: 1, title: t('payments.created'), dataIndex: 'createdAt', width: 130, ...list.sortable('createdAt'), render: (v: number) => <WrappingDateTime value={v} /> },
    { key: 'orderNo', label: t('payments.order'), priority: 1, title: t('payments.order'), dataIndex: 'orderNo', width: 205, render: (orderNo: string) => <Link to={`/orders/${encodeURIComponent(orderNo)}`} style={MONO}>{orderNo}</Link> },
    { key: 'account', label: t('payments.customer'), priority: 2, title: t('payments.customer'), dataIndex: 'account', width: 170, render: (account: string) => <OneLine text={account} /> },
    { key: 'method', label: t('payments.method'), priority: 3, title: t('payments.method'), dataIndex: 'method', width: 130, render: (m: PayMethod) => <MethodLabel method={m} /> },
    { key: 'amount', label: t('payments.amount'), priority: 1, title: t('payments.amount'), dataIndex: 'amount', align: 'right', width: 120, ...list.sortable('amount'), render: (amount: number, row) => <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>{formatMoney(amount, row.currency)}</Typography.Text> },
    { key: 'status', label: t('payments.status'), priority: 1, title: t('payments.status'), dataIndex: 'status', width: 150, render: (s: AdminPayment['status'], row) => <PaymentStatus status={s} row={row} /> },
    { key: 'providerRef', label: t('payments.provider-id'), priority: 2, title: t('payments.provider-id'), dataIndex: 'providerRef', width: 200, render: (v: string | null) => <ProviderId value={v} /> },
    { key: 'id', label: t('payments.payment-id'), priority: 4, title: t('payments.payment-id'), dataIndex: 'id', width: 200, render: (v: string) => <ProviderId value={v} /> },
    { key: 'updatedAt', label: t('payments.settled'), priority: 3, title: t('payments.settled'), dataIndex: 'updatedAt', width: 130, render: (v: number, row) => (row.status === 'pending' ? '—' : <WrappingDateTime value={v} />) },
  ];
  const fitted = useFittedColumns('payments', columns);
  return (
    <>
      <SavedViews list="payments" state={list} />
      <FilterBar schema={paymentAdminListRequest} fields={PAYMENT_FILTERS} list={list} />
      <FittedTableFrame fitted={fitted}>
        <ListTable<AdminPayment> query={query} list={list} scroll={fitted.scroll} tableLayout="fixed" columns={fitted.columns} />
      </FittedTableFrame>
    </>
  );
}
