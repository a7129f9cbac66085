import { type Customer, customerListRequest, type CustomerStatus, isResellerRole, Role, roleLabelKey } from '@simshop/contract';
import { Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/date-time';
import type { FilterDecl } from '@/components/filter-bar';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { SavedViews } from '@/components/saved-views/saved-views';
import { useListRequest } from '@/lib/use-list-request';
import { useCustomerList } from '../api/customer-list';
import { CustomerStatusTag } from '../components/customer-status-tag';

/** The role filter: one role, or any reseller kind. */
const ANY_RESELLER = 'reseller';

export default function CustomersPage() {
  const { t } = useTranslation();
  const list = useListRequest(customerListRequest, { sortField: 'createdAt' });
  const f = list.filters;
  // The role filter holds one role or "any reseller", which the request says with `reseller`.
  const query = useCustomerList({ ...list.request, ...(f.role === ANY_RESELLER ? { role: undefined, reseller: true } : {}) });

  const roleOptions = [
    { value: ANY_RESELLER, label: t('customers.role.any-reseller') },
    ...Object.values(Role).map((r) => ({ value: String(r), label: t(roleLabelKey(r)) })),
  ];

  const filters: FilterDecl[] = [
    { name: 'q', label: 'customers.search', width: 280 },
    // One role or any reseller kind: two request fields behind one select.
    { key: 'role', control: <Select allowClear placeholder={t('customers.role')} aria-label={t('customers.role')} value={f.role} options={roleOptions} onChange={(role) => list.setFilters({ role })} style={{ width: 180 }} /> },
    { name: 'status', label: 'customers.status', optionLabels: 'customers.status.', width: 150 },
  ];

  return (
    <>
      <PageHeader title={t('customers.title')} subtitle={t('customers.subtitle')} />
      <SavedViews list="customers" state={list} />
      <ListTable<Customer> query={query} list={list} filters={{ schema: customerListRequest, fields: filters }}
        columns={[
          {
            title: t('customers.email'),
            dataIndex: 'email',
            ...list.sortable('email'),
            render: (_, c) => <Link to={`/customers/${c.id}`}>{c.email ?? c.tel ?? `#${c.id}`}</Link>,
          },
          { title: t('customers.tel'), dataIndex: 'tel', render: (v: string | null) => v ?? '—' },
          {
            title: t('customers.nickname'),
            dataIndex: 'nickname',
            ...list.sortable('nickname'),
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
          { title: t('customers.created'), dataIndex: 'createdAt', ...list.sortable('createdAt'), render: (v: number) => <DateTime value={v} /> },
        ]}
      />
    </>
  );
}
