import { DownloadOutlined } from '@ant-design/icons';
import { adminOrderListRequest, PICKUP_QUEUE_STATUSES, TO_SHIP_STATUSES, carrierLabelKey, type AdminOrderRow, type OrderDelivery, type OrderStatus } from '@simshop/contract';
import { App, Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterBar, type FilterDecl } from '@/components/filter-bar';
import { FittedTableFrame, OneLine, useFittedColumns, WrappingDateTime, type FittedColumn } from '@/components/fitted-columns';
import { ListTable } from '@/components/list-table';
import { OrderStatusTag } from '@/components/order-status-tag';
import { PageHeader } from '@/components/page-header';
import { SavedViews } from '@/components/saved-views/saved-views';
import { errorText } from '@/lib/form-errors';
import { formatMoney, localText } from '@/lib/format';
import { useCan } from '@/lib/staff-session';
import { useListRequest } from '@/lib/use-list-request';
import { useMerchantOptions } from '@/lib/merchant-choices';
import { MerchantFilter } from '@/components/merchant-select';
import { useOrderExport } from '../api/order-export';
import { useOrderList } from '../api/order-list';
import { OrderBulkBar } from '../components/order-bulk-bar';
import { StatusFilter } from '../components/status-filter';

/** The queues staff work through, as filters (the dashboard links to the same). */
const QUEUES = ['to-ship', 'pickups', 'refunds'] as const;
const QUICK: Record<(typeof QUEUES)[number], Record<string, string>> = {
  'to-ship': { status: TO_SHIP_STATUSES.join(','), kind: 'sim', delivery: 'ship' satisfies OrderDelivery },
  pickups: { status: PICKUP_QUEUE_STATUSES.join(','), delivery: 'pickup' satisfies OrderDelivery },
  refunds: { status: 'to_be_refunded' },
};

export default function OrdersPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const list = useListRequest(adminOrderListRequest, { sortField: 'createdAt' });
  const f = list.filters;
  // Platform staff see who sells each order and may filter by merchant.
  const { platformStaff } = useMerchantOptions();
  const request = { ...list.request, merchantId: platformStaff ? list.request.merchantId : undefined };
  const query = useOrderList(request);
  const exporter = useOrderExport();
  const [selected, setSelected] = useState<string[]>([]);

  const { page: _page, pageSize: _pageSize, ...exportFilters } = request;
  const runExport = () =>
    exporter.mutate(
      { ...exportFilters, lang: i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      {
        onSuccess: (r) => {
          if (r.capped) void message.warning(t('orders.export-capped', { rows: r.rows, total: r.total }), 8);
          else void message.success(t('orders.exported', { count: r.rows, filename: r.filename }));
        },
        onError: (e) => void message.error(errorText(e, t)),
      },
    );

  const filters: FilterDecl[] = [
    { name: 'orderNo', label: 'orders.filter.order-no', width: 230 },
    { name: 'customer', label: 'orders.filter.customer', width: 240 },
    { key: 'status', control: <StatusFilter value={f.status} onChange={(status) => list.setFilters({ status })} /> },
    { name: 'kind', label: 'orders.filter.kind', optionLabels: 'orders.kind.' },
    { name: 'delivery', label: 'orders.filter.delivery', optionLabels: 'orders.delivery.' },
    { key: 'merchantId', control: <MerchantFilter value={f.merchantId} onChange={(merchantId) => list.setFilters({ merchantId })} /> },
    { range: ['from', 'to'], label: 'console.date-range' },
    {
      key: 'reset',
      control: (
        <Button type="link" onClick={list.resetFilters} disabled={Object.values(f).every((v) => !v)}>
          {t('orders.filter.reset')}
        </Button>
      ),
    },
  ];

  const lang = i18n.language;
  const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', whiteSpace: 'nowrap' } as const;
  const columns: FittedColumn<AdminOrderRow>[] = [
    { key: 'orderNo', label: t('orders.col.order-no'), priority: 1, title: t('orders.col.order-no'), dataIndex: 'orderNo', width: 205, render: (no: string) => <Link to={`/orders/${no}`} style={mono}>{no}</Link> },
    { key: 'createdAt', label: t('orders.col.placed'), priority: 3, title: t('orders.col.placed'), dataIndex: 'createdAt', width: 130, ...list.sortable('createdAt'), render: (v: number) => <WrappingDateTime value={v} /> },
    {
      key: 'customer',
      label: t('orders.col.customer'),
      priority: 2,
      title: t('orders.col.customer'),
      width: 160,
      render: (_, o) => (
        <>
          <OneLine text={o.customer.email ?? o.customer.tel ?? o.customer.nickname} />
          {o.customer.email && o.customer.tel ? <OneLine text={o.customer.tel} secondary /> : null}
          {o.customer.reseller ? <Tag>{t('orders.reseller')}</Tag> : null}
        </>
      ),
    },
    {
      key: 'items',
      label: t('orders.col.items'),
      priority: 2,
      title: t('orders.col.items'),
      width: 175,
      render: (_, o) => (
        <>
          {o.lines.slice(0, 2).map((l, i) => (
            <OneLine key={i} text={`${localText(l.name, lang)} × ${l.quantity}`} />
          ))}
          {o.lines.length > 2 ? <Typography.Text type="secondary">{t('orders.more-items', { count: o.lines.length - 2 })}</Typography.Text> : null}
        </>
      ),
    },
    ...(platformStaff ? [{ key: 'merchant', label: t('merchants.merchant'), priority: 4, title: t('merchants.merchant'), width: 140, render: (_: unknown, o: AdminOrderRow) => <OneLine text={localText(o.merchant.name, lang)} /> }] : []),
    {
      key: 'total',
      label: t('orders.col.total'),
      priority: 1,
      title: t('orders.col.total'),
      dataIndex: 'total',
      align: 'right',
      width: 110,
      ...list.sortable('total'),
      render: (v: number, o) => (
        <Flex vertical align="flex-end">
          <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(v, o.currency)}</span>
          {o.refundAmount ? <Typography.Text type="secondary">{t('orders.refunded', { amount: formatMoney(o.refundAmount, o.currency) })}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      key: 'status',
      label: t('orders.col.status'),
      priority: 1,
      title: t('orders.col.status'),
      dataIndex: 'status',
      width: 175,
      render: (st: OrderStatus, o) => (
        <Flex vertical gap={2} align="flex-start">
          <OrderStatusTag status={st} kinds={o.lines.map((l) => l.kind)} pickup={o.pickup} />
          {o.carrier && o.carrier !== 'online' ? <OneLine secondary text={`${t(carrierLabelKey(o.carrier))} ${o.trackingNo ?? ''}`} /> : null}
        </Flex>
      ),
    },
    { key: 'paidAt', label: t('orders.col.paid'), priority: 3, title: t('orders.col.paid'), dataIndex: 'paidAt', width: 130, ...list.sortable('paidAt'), render: (v: number | null) => <WrappingDateTime value={v} /> },
  ];
  const fitted = useFittedColumns('orders', columns, { selection: true });
  return (
    <>
      <PageHeader
        title={t('orders.title')}
        subtitle={t('orders.subtitle')}
        extra={
          can('orders.export') ? (
            <Button icon={<DownloadOutlined />} loading={exporter.isPending} disabled={query.data?.total === 0} onClick={runExport}>
              {t('orders.export')}
            </Button>
          ) : null
        }
      />
      {/* The work queues come first among the views: each sets several fields at once (statuses, kind, delivery). */}
      <SavedViews list="orders" state={list} presets={QUEUES.map((key) => ({ key, label: t(`orders.quick.${key}`), filters: QUICK[key] }))} />
      <FilterBar schema={adminOrderListRequest} fields={filters} list={list} />
      <FittedTableFrame fitted={fitted} bar={<OrderBulkBar orderNos={selected} onClear={() => setSelected([])} />}>
        <ListTable<AdminOrderRow>
          query={query}
          list={list}
          rowKey="orderNo"
          scroll={fitted.scroll}
          tableLayout="fixed"
          columns={fitted.columns}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(String)),
            getTitleCheckboxProps: () => ({ 'aria-label': t('bulk.select-page') }),
            columnTitle: fitted.selectionTitle,
            getCheckboxProps: (o) => ({ 'aria-label': t('bulk.select-one', { name: o.orderNo }) }),
          }}
        />
      </FittedTableFrame>
    </>
  );
}
