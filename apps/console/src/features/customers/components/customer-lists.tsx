import { activationStatusLabelKey, esimRecordStatusLabelKey, formatMoney, type AuditEntry, type Currency, type CustomerDevice, type CustomerEsim, type CustomerOrder, type LedgerEntry } from '@simshop/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Select, Table, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { auditColumns } from '@/components/audit-trail';
import { DateTime } from '@/components/date-time';
import { OrderStatusTag } from '@/components/order-status-tag';
import { QueryError } from '@/components/query-error';
import { useCustomerAudit } from '../api/customer-audit';
import { useCustomerDevices } from '../api/customer-devices';
import { useCustomerEsims } from '../api/customer-esims';
import { useCustomerLedger } from '../api/customer-ledger';
import { useCustomerOrders } from '../api/customer-orders';

/** One of the customer's lists: paged on the server, with its own page kept in the tab. */
function usePage() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const set = (p: number, s: number) => {
    setPage(s === pageSize ? p : 1);
    setPageSize(s);
  };
  return { page, pageSize, sortOrder: 'desc' as const, set };
}

function PagedTable<T extends object>({ query, pager, ...table }: { query: UseQueryResult<{ items: T[]; total: number }>; pager: ReturnType<typeof usePage> } & Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading'>) {
  const { t } = useTranslation();
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Table<T>
      size="small"
      rowKey="id"
      {...table}
      loading={query.isFetching}
      dataSource={query.data?.items}
      locale={{ emptyText: query.isPending ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('console.empty')} /> }}
      pagination={{ current: pager.page, pageSize: pager.pageSize, total: query.data?.total ?? 0, showSizeChanger: true, pageSizeOptions: [10, 20, 50], hideOnSinglePage: true, onChange: pager.set }}
    />
  );
}

export function CustomerOrders({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const pager = usePage();
  const query = useCustomerOrders({ id, page: pager.page, pageSize: pager.pageSize, sortOrder: pager.sortOrder });
  const zh = i18n.language === 'zh-Hans';
  return (
    <PagedTable<CustomerOrder>
      query={query}
      pager={pager}
      rowKey="orderNo"
      columns={[
        { title: t('customers.orders.no'), dataIndex: 'orderNo', render: (no: string) => <Link to={`/orders/${no}`}>{no}</Link> },
        { title: t('customers.orders.status'), dataIndex: 'status', render: (s: CustomerOrder['status']) => <OrderStatusTag status={s} /> },
        {
          title: t('customers.orders.items'),
          key: 'items',
          render: (_, o) =>
            o.firstItem ? (
              <>
                {zh ? o.firstItem.zh : o.firstItem.en}
                {o.more > 0 ? <Typography.Text type="secondary"> {t('customers.orders.more', { count: o.more })}</Typography.Text> : null}
              </>
            ) : (
              '—'
            ),
        },
        { title: t('customers.orders.total'), dataIndex: 'total', align: 'right', render: (v: number, o) => formatMoney(v, o.currency) },
        { title: t('customers.orders.pay-method'), dataIndex: 'payMethod', render: (v: string | null) => v ?? '—' },
        { title: t('customers.orders.created'), dataIndex: 'createdAt', render: (v: number) => <DateTime value={v} /> },
      ]}
    />
  );
}

export function CustomerEsims({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const pager = usePage();
  const query = useCustomerEsims({ id, page: pager.page, pageSize: pager.pageSize, sortOrder: pager.sortOrder });
  const zh = i18n.language === 'zh-Hans';
  return (
    <PagedTable<CustomerEsim>
      query={query}
      pager={pager}
      columns={[
        { title: t('customers.esims.product'), key: 'name', render: (_, e) => (zh ? e.name.zh : e.name.en) || '—' },
        { title: t('customers.esims.iccid'), dataIndex: 'iccid', render: (v: string | null) => (v ? <Typography.Text copyable>{v}</Typography.Text> : '—') },
        { title: t('customers.esims.status'), dataIndex: 'status', render: (s: CustomerEsim['status']) => t(esimRecordStatusLabelKey(s)) },
        { title: t('customers.esims.activation'), dataIndex: 'activationStatus', render: (s: CustomerEsim['activationStatus']) => t(activationStatusLabelKey(s)) },
        { title: t('customers.esims.order'), dataIndex: 'orderNo', render: (no: string | null) => (no ? <Link to={`/orders/${no}`}>{no}</Link> : '—') },
        { title: t('customers.esims.assigned'), dataIndex: 'assignedAt', render: (v: number | null) => <DateTime value={v} /> },
      ]}
    />
  );
}

export function CustomerDevices({ id }: { id: number }) {
  const { t } = useTranslation();
  const pager = usePage();
  const query = useCustomerDevices({ id, page: pager.page, pageSize: pager.pageSize, sortOrder: pager.sortOrder });
  return (
    <PagedTable<CustomerDevice>
      query={query}
      pager={pager}
      columns={[
        { title: t('customers.devices.iccid'), dataIndex: 'iccid', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
        { title: t('customers.devices.msisdn'), dataIndex: 'msisdn', render: (v: string | null) => v ?? '—' },
        { title: t('customers.devices.carrier'), dataIndex: 'carrier', render: (c: CustomerDevice['carrier']) => t(`customers.devices.carrier.${c}`) },
        { title: t('customers.devices.remark'), dataIndex: 'remark', render: (v: string) => v || '—' },
        { title: t('customers.devices.bound'), dataIndex: 'boundAt', render: (v: number) => <DateTime value={v} /> },
      ]}
    />
  );
}

export function CustomerLedger({ id }: { id: number }) {
  const { t } = useTranslation();
  const pager = usePage();
  const [currency, setCurrency] = useState<Currency | undefined>();
  const query = useCustomerLedger({ id, currency, page: pager.page, pageSize: pager.pageSize, sortOrder: pager.sortOrder });
  return (
    <>
      <Select<Currency>
        allowClear
        placeholder={t('customers.ledger.all-currencies')}
        aria-label={t('customers.ledger.currency')}
        value={currency}
        onChange={(c) => {
          setCurrency(c);
          pager.set(1, pager.pageSize);
        }}
        options={(['USD', 'CNY'] as const).map((c) => ({ value: c, label: c }))}
        style={{ width: 160, marginBottom: 12 }}
      />
      <PagedTable<LedgerEntry>
        query={query}
        pager={pager}
        columns={[
          { title: t('customers.ledger.when'), dataIndex: 'createdAt', width: 170, render: (v: number) => <DateTime value={v} /> },
          {
            title: t('customers.ledger.amount'),
            dataIndex: 'amount',
            align: 'right',
            // Dark red and green: antd's own success/danger greens fail contrast on white.
            render: (v: number, e) => <span style={{ color: v < 0 ? '#a8071a' : '#237804', fontVariantNumeric: 'tabular-nums' }}>{`${v > 0 ? '+' : ''}${formatMoney(v, e.currency)}`}</span>,
          },
          { title: t('customers.ledger.after'), dataIndex: 'balanceAfter', align: 'right', render: (v: number, e) => formatMoney(v, e.currency) },
          { title: t('customers.ledger.reason'), dataIndex: 'reason' },
          { title: t('customers.ledger.order'), dataIndex: 'orderNo', render: (no: string | null) => (no ? <Link to={`/orders/${no}`}>{no}</Link> : '—') },
        ]}
      />
    </>
  );
}

export function CustomerAudit({ id }: { id: number }) {
  const { t } = useTranslation();
  const pager = usePage();
  const query = useCustomerAudit({ id, page: pager.page, pageSize: pager.pageSize, sortOrder: pager.sortOrder });
  return (
    <PagedTable<AuditEntry>
      query={query}
      pager={pager}
      columns={auditColumns(t)}
    />
  );
}
