import type { AuditEntry } from '@simshop/contract';
import { Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from './date-time';

/** Shows what changed: each field's value before → after. */
export function AuditChange({ entry }: { entry: Pick<AuditEntry, 'before' | 'after'> }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  const show = (v: unknown) => (v === undefined || v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return (
    <div>
      {keys.map((k) => (
        <div key={k} style={{ fontSize: 12 }}>
          <Typography.Text strong>{k}</Typography.Text>: {entry.before ? <Typography.Text delete={entry.after !== null}>{show(entry.before[k])}</Typography.Text> : null}
          {entry.before && entry.after ? ' → ' : null}
          {entry.after ? <Typography.Text>{show(entry.after[k])}</Typography.Text> : null}
        </div>
      ))}
    </div>
  );
}

/** The audit rows of one order, customer or product, as its page shows them. */
export function AuditTrail({ entries, loading }: { entries: AuditEntry[] | undefined; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Table<AuditEntry>
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={entries}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.empty')} /> }}
      columns={[
        { title: t('audit.when'), dataIndex: 'createdAt', width: 170, render: (v: number) => <DateTime value={v} /> },
        { title: t('audit.who'), dataIndex: 'actor', width: 200 },
        { title: t('audit.action'), dataIndex: 'action', width: 180, render: (a: string) => <Typography.Text code>{a}</Typography.Text> },
        { title: t('audit.change'), key: 'change', render: (_, e) => <AuditChange entry={e} /> },
      ]}
    />
  );
}
