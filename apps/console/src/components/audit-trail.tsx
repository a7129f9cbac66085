import type { AuditActor, AuditEntry } from '@simshop/contract';
import { Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { actionWords, actorKindWords, actorWords, changeLines, pagePath, targetWords, whenWords, type WordsContext } from './audit-words';

/**
 * Audit rows as staff read them (words: audit-words.ts): when, who, the object with a link, the
 * action and each changed field; the raw row stays one click away for support, in a native
 * disclosure (keyboard and screen readers know it).
 */

function useWords(): WordsContext {
  const { t, i18n } = useTranslation();
  return { t, lang: i18n.language };
}

/** When: "5 minutes ago" under the local date and time while recent, the date and time beyond. */
export function AuditWhen({ at }: { at: number }) {
  const words = useWords();
  const when = whenWords(at, Date.now(), words);
  return (
    <time dateTime={new Date(at).toISOString()} style={{ display: 'flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
      {when.relative ? <span>{when.relative}</span> : null}
      <Typography.Text type={when.relative ? 'secondary' : undefined} style={when.relative ? { fontSize: 12 } : undefined}>
        {when.absolute}
      </Typography.Text>
    </time>
  );
}

/** Who: the name (a customer's links to their page) and what they are, with the staff member's email. */
export function AuditWho({ by }: { by: AuditActor }) {
  const words = useWords();
  const name = actorWords(by, words);
  const detail = by.kind === 'staff' && by.account && by.account !== name ? by.account : actorKindWords(by, words);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      {by.kind === 'customer' && by.id !== null ? <Link to={`/customers/${by.id}`}>{name}</Link> : <span>{name}</span>}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: detail }}>
        {detail}
      </Typography.Text>
    </div>
  );
}

/** The object: its name as a link to its page, and its kind. */
export function AuditTarget({ entry }: { entry: AuditEntry }) {
  const words = useWords();
  const name = targetWords(entry, words);
  const kind = words.t(`audit.words.target.${entry.targetType}`, { defaultValue: entry.targetType });
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      {entry.target.page ? <Link to={pagePath(entry.target.page)}>{name}</Link> : <span>{name}</span>}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {kind}
      </Typography.Text>
    </div>
  );
}

/** What was done and what changed, field by field; then the raw row behind a disclosure. */
export function AuditWhat({ entry, showIp = false }: { entry: AuditEntry; showIp?: boolean }) {
  const words = useWords();
  const { t } = words;
  const lines = changeLines(entry, words);
  const raw = { actor: entry.actor, ip: entry.ip, action: entry.action, target: `${entry.targetType}:${entry.targetId}`, before: entry.before, after: entry.after };
  return (
    <div className="audit-what">
      <Typography.Text strong>{actionWords(entry.action, words)}</Typography.Text>
      {lines.length ? (
        <dl style={{ margin: '4px 0 0', display: 'grid', gridTemplateColumns: 'minmax(90px, max-content) 1fr', columnGap: 12, rowGap: 2, fontSize: 13 }}>
          {lines.map((l) => (
            <div key={l.key} style={{ display: 'contents' }}>
              <dt style={{ color: 'rgba(0,0,0,0.65)' }}>{l.label}</dt>
              <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>
                {l.before !== null && l.after !== null ? (
                  <>
                    <span>{l.before}</span>
                    <span aria-hidden="true"> → </span>
                    <span style={hidden}>
                      {` ${t('audit.words.changed-to')} `}
                    </span>
                    <strong>{l.after}</strong>
                  </>
                ) : (
                  <span>{l.after ?? l.before}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <details className="audit-raw" style={{ marginTop: 4, fontSize: 12 }}>
        <summary style={{ cursor: 'pointer', color: '#0958d9', width: 'fit-content' }}>{t('audit.words.raw')}</summary>
        {showIp && entry.ip ? <div>{t('audit.words.ip')}: {entry.ip}</div> : null}
        <pre style={{ margin: '4px 0 0', padding: 8, background: '#f5f5f5', borderRadius: 4, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 320, overflow: 'auto' }} tabIndex={0} aria-label={t('audit.words.raw')}>
          {JSON.stringify(raw, null, 2)}
        </pre>
      </details>
    </div>
  );
}

const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The columns of an audit table: when, who, (the object,) what. */
export function auditColumns(t: WordsContext['t'], options: { target?: boolean; ip?: boolean } = {}): TableColumnsType<AuditEntry> {
  return [
    { title: t('audit.when'), dataIndex: 'createdAt', width: 170, render: (v: number) => <AuditWhen at={v} /> },
    { title: t('audit.who'), key: 'who', width: 200, render: (_, e) => <AuditWho by={e.by} /> },
    ...(options.target ? [{ title: t('audit.words.object'), key: 'target', width: 220, render: (_: unknown, e: AuditEntry) => <AuditTarget entry={e} /> }] : []),
    { title: t('audit.words.what'), key: 'change', render: (_, e) => <AuditWhat entry={e} showIp={options.ip} /> },
  ];
}

/** The audit rows of one order, customer, product or coupon, as its page shows them. */
export function AuditTrail({ entries, loading }: { entries: AuditEntry[] | undefined; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Table<AuditEntry>
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={entries}
      pagination={false}
      tableLayout="fixed"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.empty')} /> }}
      columns={auditColumns(t)}
    />
  );
}
