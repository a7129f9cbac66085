import { type AdminResellerApplication, adminResellerApplicationListRequest, countryName, type Language, type ResellerApplicationStatus } from '@simshop/contract';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/date-time';
import type { FilterDecl } from '@/components/filter-bar';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useListRequest } from '@/lib/use-list-request';
import { useResellerApplicationList } from '../api/reseller-applications';
import { ApplicationStatusTag } from '../components/application-status-tag';

const FILTERS: readonly FilterDecl[] = [
  { name: 'q', label: 'reseller-applications.search', width: 280 },
  { name: 'status', label: 'reseller-applications.status', optionLabels: 'reseller-applications.status.', width: 160 },
];

/** Applications to become a reseller, newest first: each opens on its own page to be decided. */
export default function ApplicationsPage() {
  const { t, i18n } = useTranslation();
  const list = useListRequest(adminResellerApplicationListRequest, { sortField: 'createdAt', sortOrder: 'desc' });
  const query = useResellerApplicationList(list.request);
  const lang: Language = i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en';

  return (
    <>
      <PageHeader title={t('reseller-applications.title')} subtitle={t('reseller-applications.subtitle')} />
      <ListTable<AdminResellerApplication> query={query} list={list} filters={{ schema: adminResellerApplicationListRequest, fields: FILTERS }}
        rowKey="id"
        locale={{ emptyText: t('reseller-applications.empty') }}
        columns={[
          {
            title: t('reseller-applications.business'),
            key: 'business',
            render: (_, a) => (
              <Link to={`/reseller-applications/${a.id}`} aria-label={t('reseller-applications.open', { name: a.businessName })}>
                {a.businessName}
              </Link>
            ),
          },
          {
            title: t('reseller-applications.contact'),
            key: 'contact',
            render: (_, a) => (
              <Space orientation="vertical" size={0}>
                <span>{a.contactName}</span>
                <Typography.Text type="secondary">{a.contactEmail}</Typography.Text>
                <Typography.Text type="secondary">{a.contactPhone}</Typography.Text>
              </Space>
            ),
          },
          { title: t('reseller-applications.country'), dataIndex: 'country', render: (c: string) => countryName(c, lang) },
          { title: t('reseller-applications.business-type'), dataIndex: 'businessType', render: (v: string) => t(`reseller-applications.business.${v}`) },
          { title: t('reseller-applications.volume'), dataIndex: 'monthlyVolume', render: (v: string) => t(`reseller-applications.volume.${v}`) },
          { title: t('reseller-applications.applicant'), key: 'applicant', render: (_, a) => <Link to={`/customers/${a.applicant.userId}`}>{a.applicant.account}</Link> },
          { title: t('reseller-applications.status'), dataIndex: 'status', width: 110, render: (s: ResellerApplicationStatus) => <ApplicationStatusTag status={s} /> },
          { title: t('reseller-applications.created'), dataIndex: 'createdAt', ...list.sortable('createdAt'), render: (v: number) => <DateTime value={v} /> },
        ]}
      />
    </>
  );
}
