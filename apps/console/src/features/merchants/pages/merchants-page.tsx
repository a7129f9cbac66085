import { EditOutlined, PercentageOutlined, PlusOutlined } from '@ant-design/icons';
import { type AdminMerchant, adminMerchantListRequest, type MerchantEvent, merchantEventsFor, type MerchantStatus, PLATFORM_MERCHANT_ID } from '@simshop/contract';
import { App, Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, type FilterDecl } from '@/components/filter-bar';
import { FittedTableFrame, OneLine, useFittedColumns, WrappingDateTime, type FittedColumn } from '@/components/fitted-columns';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/form-errors';
import { useListRequest } from '@/lib/use-list-request';
import { useMerchantList, useMerchantSteps } from '../api/merchants';
import { CommissionModal, MerchantFormModal } from '../components/merchant-form-modal';

const STATUS_COLORS: Record<MerchantStatus, string> = { applied: 'gold', active: 'green', suspended: 'red' };

/** The filters this list shows, by its request's fields (labels and values' words are text keys). */
const FILTERS: readonly FilterDecl[] = [
  { name: 'q', label: 'merchants.search', width: 280 },
  { name: 'status', label: 'merchants.status', optionLabels: 'merchants.status.', width: 180 },
];

/** Merchants: applications to approve, active and suspended shops, their commissions. */
export default function MerchantsPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const list = useListRequest(adminMerchantListRequest, { sortField: 'createdAt', sortOrder: 'desc' });
  const query = useMerchantList(list.request);
  const steps = useMerchantSteps();
  const [editing, setEditing] = useState<AdminMerchant | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [commission, setCommission] = useState<AdminMerchant | null>(null);
  const zh = i18n.language === 'zh-Hans';
  const nameOf = (m: AdminMerchant) => (zh ? m.name.zh : m.name.en);

  const run = (m: AdminMerchant, event: MerchantEvent) =>
    modal.confirm({
      title: t(`merchants.event.${event}`),
      content: t(`merchants.event.${event}.confirm`, { name: nameOf(m) }),
      okText: t(`merchants.event.${event}`),
      cancelText: t('console.cancel'),
      okButtonProps: { danger: event === 'suspend' },
      onOk: () =>
        steps[event].mutateAsync({ id: m.id, version: m.version }).then(
          (after) => void message.success(t('merchants.event.done', { name: nameOf(after), status: t(`merchants.status.${after.status}`) })),
          (err: unknown) => void message.error(errorText(err, t)),
        ),
    });

  const columns: FittedColumn<AdminMerchant>[] = [
    {
      title: t('merchants.merchant'),
      key: 'name',
      label: t('merchants.merchant'),
      priority: 1,
      width: 200,
      ...list.sortable('name'),
      render: (_, m) => (
        <>
          <OneLine text={m.name.en}>
            <strong>{m.name.en}</strong>
          </OneLine>
          <OneLine text={m.name.zh} secondary />
          {m.id === PLATFORM_MERCHANT_ID ? <OneLine text={t('merchants.platform')} secondary /> : null}
          {m.applicant ? <OneLine text={t('merchants.applicant', { account: m.applicant.account })} secondary /> : null}
        </>
      ),
    },
    { key: 'status', label: t('merchants.status'), priority: 1, title: t('merchants.status'), dataIndex: 'status', width: 110, render: (s: MerchantStatus) => <Tag color={STATUS_COLORS[s]}>{t(`merchants.status.${s}`)}</Tag> },
    {
      title: t('merchants.contact'),
      key: 'contact',
      label: t('merchants.contact'),
      priority: 2,
      width: 200,
      render: (_, m) => (
        <>
          <OneLine text={m.contactEmail} />
          <OneLine text={m.contactPhone} secondary />
        </>
      ),
    },
    { key: 'commission', label: t('merchants.commission'), priority: 2, title: t('merchants.commission'), dataIndex: 'commissionBps', width: 120, render: (bps: number) => `${(bps / 100).toFixed(2)} %` },
    { key: 'products', label: t('merchants.products'), priority: 3, title: t('merchants.products'), dataIndex: 'productCount', width: 100 },
    { key: 'staff', label: t('merchants.staff'), priority: 3, title: t('merchants.staff'), dataIndex: 'staffCount', width: 80 },
    { key: 'createdAt', label: t('merchants.created'), priority: 4, width: 130, title: t('merchants.created'), dataIndex: 'createdAt', ...list.sortable('createdAt'), render: (v: number) => <WrappingDateTime value={v} /> },
    {
      title: t('console.actions'),
      key: 'actions',
      label: t('console.actions'),
      priority: 1,
      width: 230,
      render: (_, m) => (
        <Space wrap>
          {m.id === PLATFORM_MERCHANT_ID
            ? null
            : merchantEventsFor(m.status).map((event) => (
                <Button key={event} size="small" type={event === 'approve' ? 'primary' : 'default'} danger={event === 'suspend'} onClick={() => run(m, event)}>
                  {t(`merchants.event.${event}`)}
                </Button>
              ))}
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`${t('merchants.edit')} ${nameOf(m)}`}
            onClick={() => {
              setEditing(m);
              setFormOpen(true);
            }}
          >
            {t('merchants.edit')}
          </Button>
          {m.id === PLATFORM_MERCHANT_ID ? null : (
            <Button size="small" icon={<PercentageOutlined />} onClick={() => setCommission(m)}>
              {t('merchants.set-commission')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const fitted = useFittedColumns('merchants', columns);

  return (
    <>
      <PageHeader
        title={t('merchants.title')}
        subtitle={t('merchants.subtitle')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            {t('merchants.new')}
          </Button>
        }
      />
      <FilterBar schema={adminMerchantListRequest} fields={FILTERS} list={list} />
      <FittedTableFrame fitted={fitted}>
        <ListTable<AdminMerchant> query={query} list={list} rowKey="id" locale={{ emptyText: t('merchants.empty') }} scroll={fitted.scroll} tableLayout="fixed" columns={fitted.columns} />
      </FittedTableFrame>
      <MerchantFormModal merchant={editing} open={formOpen} onClose={() => setFormOpen(false)} />
      <CommissionModal merchant={commission} onClose={() => setCommission(null)} />
    </>
  );
}
