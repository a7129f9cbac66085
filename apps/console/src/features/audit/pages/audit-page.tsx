import type { AuditEntry } from '@simshop/contract';
import { DatePicker, Input, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuditChange } from '@/components/audit-trail';
import { DateTime } from '@/components/date-time';
import { PageHeader } from '@/components/page-header';
import { ListTable } from '@/components/list-table';
import { dayjsRange, rangeToMillis } from '@/lib/date-range';
import { useListParams } from '@/lib/use-list-params';
import { useAuditList } from '../api/audit-list';
import { SecurityEvents } from '../components/security-events';

/** Two logs on one page: the changes staff made, and security events (`?view=security`). */
export default function AuditPage() {
  const { t } = useTranslation();
  const list = useListParams(['view', 'actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const);
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

function Changes({ list }: { list: ReturnType<typeof useListParams<'view' | 'actor' | 'action' | 'targetType' | 'targetId' | 'from' | 'to'>> }) {
  const { t } = useTranslation();
  const f = list.filters;
  const query = useAuditList({
    page: list.page,
    pageSize: list.pageSize,
    sortOrder: list.sortOrder,
    actor: f.actor,
    action: f.action,
    targetType: f.targetType,
    targetId: f.targetId,
    from: f.from ? Number(f.from) : undefined,
    to: f.to ? Number(f.to) : undefined,
  });

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('audit.filter.actor')} aria-label={t('audit.filter.actor')} defaultValue={f.actor} onSearch={(actor) => list.setFilters({ actor })} style={{ width: 220 }} />
        <Input.Search allowClear placeholder={t('audit.filter.action')} aria-label={t('audit.filter.action')} defaultValue={f.action} onSearch={(action) => list.setFilters({ action })} style={{ width: 220 }} />
        <Input.Search allowClear placeholder={t('audit.filter.target-type')} aria-label={t('audit.filter.target-type')} defaultValue={f.targetType} onSearch={(targetType) => list.setFilters({ targetType })} style={{ width: 160 }} />
        <Input.Search allowClear placeholder={t('audit.filter.target-id')} aria-label={t('audit.filter.target-id')} defaultValue={f.targetId} onSearch={(targetId) => list.setFilters({ targetId })} style={{ width: 160 }} />
        <DatePicker.RangePicker aria-label={t('console.date-range')} value={dayjsRange(f.from, f.to)} onChange={(range) => list.setFilters(rangeToMillis(range))} />
      </Space>
      <ListTable<AuditEntry>
        query={query}
        list={list}
        columns={[
          { title: t('audit.when'), dataIndex: 'createdAt', width: 170, render: (v: number) => <DateTime value={v} /> },
          { title: t('audit.who'), dataIndex: 'actor', width: 200 },
          { title: t('audit.ip'), dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
          { title: t('audit.action'), dataIndex: 'action', width: 170, render: (a: string) => <Typography.Text code>{a}</Typography.Text> },
          { title: t('audit.target'), key: 'target', width: 160, render: (_, e) => `${e.targetType} #${e.targetId}` },
          { title: t('audit.change'), key: 'change', render: (_, e) => <AuditChange entry={e} /> },
        ]}
      />
    </>
  );
}
