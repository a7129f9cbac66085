import { SECURITY_EVENT_KINDS, type SecurityEvent, type SecurityEventKind } from '@simshop/contract';
import { DatePicker, Input, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import { ListTable } from '@/components/list-table';
import { dayjsRange, rangeToMillis } from '@/lib/date-range';
import { useListParams } from '@/lib/use-list-params';
import { useSecurityEvents } from '../api/security-events';

const REFUSALS: readonly SecurityEventKind[] = ['staff_sign_in_failed', 'staff_sign_in_delayed', 'staff_totp_failed', 'permission_denied', 'merchant_scope_denied', 'signature_invalid'];

/** The details the server writes in words (others are action names or signature reasons, shown as code). */
const WORDED_DETAILS = ['password', 'unknown account', 'wrong code', 'no code', 'code used', 'disabled', 'merchant suspended', 'known device', 'new device', 'unknown device', 'turning TOTP off', 'changing password'] as const;
type WordedDetail = (typeof WORDED_DETAILS)[number];
const detailKey = (detail: WordedDetail) => `audit.security.detail.${detail.replaceAll(' ', '-') as Hyphenated<WordedDetail>}` as const;
type Hyphenated<S extends string> = S extends `${infer A} ${infer B}` ? `${A}-${Hyphenated<B>}` : S;

function isWorded(value: string): value is WordedDetail {
  return (WORDED_DETAILS as readonly string[]).includes(value);
}

function isKind(value: string | undefined): value is SecurityEventKind {
  return (SECURITY_EVENT_KINDS as readonly string[]).includes(value ?? '');
}

/** Sign-ins, refusals and bad signatures: who (or which account was tried), from where, when. */
export function SecurityEvents() {
  const { t } = useTranslation();
  const list = useListParams(['view', 'kind', 'account', 'ip', 'from', 'to'] as const);
  const f = list.filters;
  const query = useSecurityEvents({
    page: list.page,
    pageSize: list.pageSize,
    sortOrder: list.sortOrder,
    kind: isKind(f.kind) ? f.kind : undefined,
    account: f.account,
    ip: f.ip,
    from: f.from ? Number(f.from) : undefined,
    to: f.to ? Number(f.to) : undefined,
  });

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<SecurityEventKind>
          allowClear
          aria-label={t('audit.security.kind')}
          placeholder={t('audit.security.kind')}
          value={isKind(f.kind) ? f.kind : undefined}
          onChange={(kind) => list.setFilters({ kind })}
          options={SECURITY_EVENT_KINDS.map((k) => ({ value: k, label: t(`audit.security.kind.${k}`) }))}
          style={{ width: 240 }}
        />
        <Input.Search allowClear placeholder={t('audit.security.account')} aria-label={t('audit.security.account')} defaultValue={f.account} onSearch={(account) => list.setFilters({ account })} style={{ width: 220 }} />
        <Input.Search allowClear placeholder={t('audit.ip')} aria-label={t('audit.ip')} defaultValue={f.ip} onSearch={(ip) => list.setFilters({ ip })} style={{ width: 160 }} />
        <DatePicker.RangePicker aria-label={t('console.date-range')} value={dayjsRange(f.from, f.to)} onChange={(range) => list.setFilters(rangeToMillis(range))} />
      </Space>
      <ListTable<SecurityEvent>
        query={query}
        list={list}
        columns={[
          { title: t('audit.when'), dataIndex: 'createdAt', width: 170, render: (v: number) => <DateTime value={v} /> },
          { title: t('audit.security.kind'), dataIndex: 'kind', width: 200, render: (k: SecurityEventKind) => <Tag color={REFUSALS.includes(k) ? 'red' : 'green'}>{t(`audit.security.kind.${k}`)}</Tag> },
          { title: t('audit.security.account'), dataIndex: 'account', width: 220, render: (v: string | null) => v ?? '—' },
          { title: t('audit.ip'), dataIndex: 'ip', width: 140, render: (v: string | null) => v ?? '—' },
          { title: t('audit.security.detail'), dataIndex: 'detail', render: (v: string | null) => (v === null ? '—' : isWorded(v) ? t(detailKey(v)) : <Typography.Text code>{v}</Typography.Text>) },
        ]}
      />
    </>
  );
}
