import { auditListRequest, type AuditEntry } from '@simshop/contract';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditColumns } from '@/components/audit-trail';
import { PageHeader } from '@/components/page-header';
import type { FilterDecl } from '@/components/filter-bar';
import { ListTable } from '@/components/list-table';
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

/** Two logs on one page: the changes staff made, and security events (`?view=security`). */
export default function AuditPage() {
  const { t } = useTranslation();
  const list = useListRequest(auditListRequest, {}, ['view']);
  const security = list.filters.view === 'security';
  return (
    <>
      <PageHeader title={t('audit.title')} subtitle={t(security ? 'audit.security.subtitle' : 'audit.subtitle')} />
      <Segmented
        aria-label={t('audit.view')}
        style={{ marginBottom: 16 }}
        value={security ? 'security' : 'changes'}
        onChange={(v) => list.setFilters({ view: v === 'security' ? 'security' : undefined, actor: undefined, action: undefined, targetType: undefined, targetId: undefined, from: undefined, to: undefined })}
        options={[
          { value: 'changes', label: t('audit.view.changes') },
          { value: 'security', label: t('audit.view.security') },
        ]}
      />
      {security ? <SecurityEvents /> : <Changes list={list} />}
    </>
  );
}

function Changes({ list }: { list: ReturnType<typeof useListRequest<typeof auditListRequest>> }) {
  const { t } = useTranslation();
  const query = useAuditList(list.request);

  return (
    <>
      <ListTable<AuditEntry> query={query} list={list} filters={{ schema: auditListRequest, fields: FILTERS }}
        columns={auditColumns(t, { target: true, ip: true })}
      />
    </>
  );
}
