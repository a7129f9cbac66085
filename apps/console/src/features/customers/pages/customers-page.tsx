import { CUSTOMER_STATUSES, isResellerRole, Role, roleLabelKey, type Customer, type CustomerStatus } from '@simshop/contract';
import { Input, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/date-time';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useListParams } from '@/lib/use-list-params';
import { useCustomerList } from '../api/customer-list';
import { CustomerStatusTag } from '../components/customer-status-tag';

/** The role filter: one role, or any reseller kind. */
const ANY_RESELLER = 'reseller';

export default function CustomersPage() {
  const { t } = useTranslation();
  const list = useListParams(['q', 'role', 'status'] as const, { sortField: 'createdAt' });
  const f = list.filters;
  const query = useCustomerList({
    page: list.page,
    pageSize: list.pageSize,
    sortField: list.sortField === 'email' || list.sortField === 'nickname' ? list.sortField : 'createdAt',
    sortOrder: list.sortOrder,
    q: f.q,
    role: f.role && f.role !== ANY_RESELLER ? (Number(f.role) as Role) : undefined,
    reseller: f.role === ANY_RESELLER ? true : undefined,
    status: f.status as CustomerStatus | undefined,
  });

  const roleOptions = [
    { value: ANY_RESELLER, label: t('customers.role.any-reseller') },
    ...Object.values(Role).map((r) => ({ value: String(r), label: t(roleLabelKey(r)) })),
  ];

  return (
    <>
      <PageHeader title={t('customers.title')} subtitle={t('customers.subtitle')} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('customers.search')} aria-label={t('customers.search')} defaultValue={f.q} onSearch={(q) => list.setFilters({ q })} style={{ width: 280 }} />
        <Select allowClear placeholder={t('customers.role')} aria-label={t('customers.role')} value={f.role} options={roleOptions} onChange={(role) => list.setFilters({ role })} style={{ width: 180 }} />
        <Select
          allowClear
          placeholder={t('customers.status')}
          aria-label={t('customers.status')}
          value={f.status}
          options={CUSTOMER_STATUSES.map((s) => ({ value: s, label: t(`customers.status.${s}`) }))}
          onChange={(status) => list.setFilters({ status })}
          style={{ width: 150 }}
        />
      </Space>
      <ListTable<Customer>
        query={query}
        list={list}
        columns={[
          {
            title: t('customers.email'),
            dataIndex: 'email',
            sorter: true,
            sortOrder: list.sortOrderOf('email'),
            render: (_, c) => <Link to={`/customers/${c.id}`}>{c.email ?? c.tel ?? `#${c.id}`}</Link>,
          },
          { title: t('customers.tel'), dataIndex: 'tel', render: (v: string | null) => v ?? '—' },
          {
            title: t('customers.nickname'),
            dataIndex: 'nickname',
            sorter: true,
            sortOrder: list.sortOrderOf('nickname'),
            render: (v: string, c) => (
              <>
                {v}
                {c.name ? <Typography.Text type="secondary"> · {c.name}</Typography.Text> : null}
              </>
            ),
          },
          { title: t('customers.role'), dataIndex: 'role', render: (r: Role) => <Tag color={isResellerRole(r) ? 'blue' : 'default'}>{t(roleLabelKey(r))}</Tag> },
          { title: t('customers.status'), dataIndex: 'status', render: (s: CustomerStatus) => <CustomerStatusTag status={s} /> },
          { title: t('customers.allow-reseller'), dataIndex: 'canCreateReseller', render: (v: boolean) => (v ? t('console.yes') : t('console.no')) },
          { title: t('customers.created'), dataIndex: 'createdAt', sorter: true, sortOrder: list.sortOrderOf('createdAt'), render: (v: number) => <DateTime value={v} /> },
        ]}
      />
    </>
  );
}
