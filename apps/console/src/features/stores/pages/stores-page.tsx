import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Tag, Typography } from 'antd';
import type { AdminStore, StoreService } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateTime } from '@/components/date-time';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useCan } from '@/lib/staff-session';
import { useListParams } from '@/lib/use-list-params';
import { useStoreList } from '../api/store-list';

export default function StoresPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan()('content.write');
  const list = useListParams(['q', 'active'] as const, { sortField: 'sort', sortOrder: 'asc' });
  const query = useStoreList({
    page: list.page,
    pageSize: list.pageSize,
    // The table sorts by column (dataIndex); the server by its field names.
    sortField: list.sortField === 'updatedAt' ? 'updated_at' : 'sort',
    sortOrder: list.sortOrder,
    q: list.filters.q,
    active: list.filters.active === 'yes' || list.filters.active === 'no' ? list.filters.active : undefined,
  });
  const zh = i18n.language === 'zh-Hans';
  const nameOf = (s: AdminStore) => (zh ? s.name.zh : s.name.en);

  return (
    <>
      <PageHeader
        title={t('stores.title')}
        subtitle={t('stores.subtitle')}
        extra={
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/stores/new')}>
              {t('stores.new')}
            </Button>
          ) : null
        }
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('stores.search')} defaultValue={list.filters.q} onSearch={(q) => list.setFilters({ q })} style={{ width: 280 }} aria-label={t('stores.search')} />
        <Select
          allowClear
          placeholder={t('stores.status')}
          aria-label={t('stores.status')}
          value={list.filters.active}
          onChange={(active) => list.setFilters({ active })}
          style={{ width: 160 }}
          options={[
            { value: 'yes', label: t('stores.active') },
            { value: 'no', label: t('stores.inactive') },
          ]}
        />
      </Space>
      <ListTable<AdminStore>
        query={query}
        list={list}
        columns={[
          { title: t('stores.sort'), dataIndex: 'sort', width: 90, sorter: true, sortOrder: list.sortOrderOf('sort') },
          {
            title: t('stores.store'),
            key: 'name',
            render: (_, row) => (
              <Space orientation="vertical" size={0}>
                <Link to={`/stores/${row.id}`}>{row.name.en}</Link>
                <Typography.Text type="secondary">{row.name.zh}</Typography.Text>
              </Space>
            ),
          },
          { title: t('stores.city'), key: 'city', render: (_, row) => (zh ? row.city.zh : row.city.en) },
          { title: t('stores.time-zone'), dataIndex: 'timeZone' },
          { title: t('stores.services'), dataIndex: 'services', render: (services: StoreService[]) => services.map((s) => <Tag key={s}>{t(`stores.service.${s}`)}</Tag>) },
          { title: t('stores.status'), dataIndex: 'active', width: 100, render: (active: boolean) => <Tag color={active ? 'green' : undefined}>{t(active ? 'stores.active' : 'stores.inactive')}</Tag> },
          { title: t('stores.updated'), dataIndex: 'updatedAt', sorter: true, sortOrder: list.sortOrderOf('updatedAt'), render: (v: number) => <DateTime value={v} /> },
          {
            title: t('console.actions'),
            key: 'actions',
            render: (_, row) => (
              <Button size="small" icon={<EditOutlined />} onClick={() => navigate(`/stores/${row.id}`)} aria-label={`${canWrite ? t('console.edit') : t('console.details')} ${nameOf(row)}`}>
                {canWrite ? t('console.edit') : t('console.details')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
