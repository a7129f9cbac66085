import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import { type AdminStore, adminStoreListRequest, type StoreService } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateTime } from '@/components/date-time';
import type { FilterDecl } from '@/components/filter-bar';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useCan } from '@/lib/staff-session';
import { useListRequest } from '@/lib/use-list-request';
import { useStoreList } from '../api/store-list';

/** The filters this list shows, by its request's fields (labels and values' words are text keys). */
const FILTERS: readonly FilterDecl[] = [
  { name: 'q', label: 'stores.search', width: 280 },
  { name: 'active', label: 'stores.status', optionLabels: { yes: 'stores.active', no: 'stores.inactive' } },
];

export default function StoresPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan()('content.write');
  const list = useListRequest(adminStoreListRequest, { sortField: 'sort', sortOrder: 'asc' });
  // The table sorts by column (dataIndex); the server by its field names.
  const query = useStoreList({ ...list.request, sortField: list.sortField === 'updatedAt' ? 'updated_at' : 'sort' });
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
      <ListTable<AdminStore> query={query} list={list} filters={{ schema: adminStoreListRequest, fields: FILTERS }}
        columns={[
          { title: t('stores.sort'), dataIndex: 'sort', width: 90, ...list.sortable('sort') },
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
          { title: t('stores.updated'), dataIndex: 'updatedAt', ...list.sortable('updatedAt'), render: (v: number) => <DateTime value={v} /> },
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
