import { securityEventListRequest, type SecurityEvent, type SecurityEventKind } from '@simshop/contract';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import type { FilterDecl } from '@/components/filter-bar';
import { ListTable } from '@/components/list-table';
import { useListRequest } from '@/lib/use-list-request';
import { useSecurityEvents } from '../api/security-events';

const REFUSALS: readonly SecurityEventKind[] = ['staff_sign_in_failed', 'staff_sign_in_delayed', 'staff_totp_failed', 'permission_denied', 'merchant_scope_denied', 'signature_invalid'];
/** Customers' requests about their own data: neither a refusal nor a staff sign-in. */
const CUSTOMER_REQUESTS: readonly SecurityEventKind[] = ['customer_data_exported', 'customer_account_deleted', 'assistant_approved', 'assistant_revoked', 'assistant_tool_called'];
const kindColor = (k: SecurityEventKind) => (REFUSALS.includes(k) ? 'red' : CUSTOMER_REQUESTS.includes(k) ? 'blue' : 'green');

/** The details the server writes in words (others are action names or signature reasons, shown as code). */
const WORDED_DETAILS = ['password', 'unknown account', 'wrong code', 'no code', 'code used', 'disabled', 'merchant suspended', 'known device', 'new device', 'unknown device', 'turning TOTP off', 'changing password'] as const;
type WordedDetail = (typeof WORDED_DETAILS)[number];
const detailKey = (detail: WordedDetail) => `audit.security.detail.${detail.replaceAll(' ', '-') as Hyphenated<WordedDetail>}` as const;
type Hyphenated<S extends string> = S extends `${infer A} ${infer B}` ? `${A}-${Hyphenated<B>}` : S;

function isWorded(value: string): value is WordedDetail {
  return (WORDED_DETAILS as readonly string[]).includes(value);
}

/** The filters this list shows, by its request's fields (labels and values' words are text keys). */
const FILTERS: readonly FilterDecl[] = [
  { name: 'kind', label: 'audit.security.kind', optionLabels: 'audit.security.kind.', width: 240 },
  { name: 'account', label: 'audit.security.account', width: 220 },
  { name: 'ip', label: 'audit.ip', width: 160 },
  { range: ['from', 'to'], label: 'console.date-range' },
];

/** Sign-ins, refusals and bad signatures: who (or which account was tried), from where, when. */
export function SecurityEvents() {
  const { t } = useTranslation();
  const list = useListRequest(securityEventListRequest, {}, ['view']);
  const query = useSecurityEvents(list.request);

  return (
    <>
      <ListTable<SecurityEvent> query={query} list={list} filters={{ schema: securityEventListRequest, fields: FILTERS }}
        columns={[
          { title: t('audit.when'), dataIndex: 'createdAt', width: 170, render: (v: number) => <DateTime value={v} /> },
          { title: t('audit.security.kind'), dataIndex: 'kind', width: 200, render: (k: SecurityEventKind) => <Tag color={kindColor(k)}>{t(`audit.security.kind.${k}`)}</Tag> },
          { title: t('audit.security.account'), dataIndex: 'account', width: 220, render: (v: string | null) => v ?? '—' },
          { title: t('audit.ip'), dataIndex: 'ip', width: 140, render: (v: string | null) => v ?? '—' },
          { title: t('audit.security.detail'), dataIndex: 'detail', render: (v: string | null) => (v === null ? '—' : isWorded(v) ? t(detailKey(v)) : <Typography.Text code>{v}</Typography.Text>) },
        ]}
      />
    </>
  );
}
