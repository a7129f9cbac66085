import { auditListRequest, type AuditEntry } from '@simshop/contract';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { auditColumns } from '@/components/audit-trail';
import { PageHeader } from '@/components/page-header';
import type { FilterDecl } from '@/components/filter-bar';
import { ListTable } from '@/components/list-table';
import { SavedViews } from '@/components/saved-views/saved-views';
import { useListRequest } from '@/lib/use-list-request';
import { useAuditList } from '../api/audit-list';
import { SecurityEvents } from '../components/security-events';

/** The filters this list shows, by its request's fields (labels and values' words are text keys). */
const FILTERS: readonly FilterDecl[] = [
  { name: 'actor', label: 'audit.filter.actor', width: 220 },
  { name: 'action', label: 'audit.filter.action', width: 220 },
  { name: 'targetType', label: 'audit.filter.target-type', width: 160 },
  { name: 'targetId', label: 'audit.filter.target-id', width: 160 },
  { range: ['from', 'to'], label: 'console.date-range' },
];

/**
 * Two logs on one page, as tabs: the changes staff made, and security events (`?view=security`).
 * Tabs, not a segmented switch: the changes log has its own row of saved views right below.
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const [, setSearch] = useSearchParams();
  const list = useListRequest(auditListRequest, {}, ['view']);
  const security = list.filters.view === 'security';
  return (
    <>
      <PageHeader title={t('audit.title')} subtitle={t(security ? 'audit.security.subtitle' : 'audit.subtitle')} />
      <Tabs
        activeKey={security ? 'security' : 'changes'}
        // Each log has its own filters: switching starts the other afresh.
        onChange={(key) => setSearch(key === 'security' ? { view: 'security' } : {})}
        destroyOnHidden
        items={[
          { key: 'changes', label: t('audit.view.changes'), children: <Changes list={list} /> },
          { key: 'security', label: t('audit.view.security'), children: <SecurityEvents /> },
        ]}
      />
    </>
  );
}

function Changes({ list }: { list: ReturnType<typeof useListRequest<typeof auditListRequest>> }) {
  const { t } = useTranslation();
  const query = useAuditList(list.request);

  return (
    <>
      <SavedViews list="audit" state={list} />
      <ListTable<AuditEntry> query={query} list={list} filters={{ schema: auditListRequest, fields: FILTERS }}
        columns={auditColumns(t, { target: true, ip: true })}
      />
    </>
  );
}
