import { Space, Tag, Tooltip, Typography } from 'antd';
import { refundAdminListRequest, WITHDRAWAL_REFUND_REASON, type AdminRefund } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/date-time';
import type { FilterDecl } from '@/components/filter-bar';
import { ListTable } from '@/components/list-table';
import { formatMoney } from '@/lib/format';
import { useListRequest } from '@/lib/use-list-request';
import { useRefundList } from '../api/refund-list';
import { MethodLabel, ProviderId } from './payments-table';

const STATE_COLORS = { requested: 'gold', refunded: 'green', partial: 'cyan', rejected: 'default' } as const;

/** The filters this list shows, by its request's fields (labels and values' words are text keys). */
const REFUND_FILTERS: readonly FilterDecl[] = [
  { name: 'q', label: 'refunds.search', width: 320 },
  { name: 'state', label: 'refunds.state', optionLabels: 'refunds.state.', width: 170 },
  { range: ['from', 'to'], label: 'console.date-range' },
];

/** Refunds: asked for, paid back (in full or part) or rejected, and the payment the money goes back to. */
export function RefundsTable() {
  const { t } = useTranslation();
  const list = useListRequest(refundAdminListRequest, { sortField: 'requestedAt' });
  const query = useRefundList(list.request);
  return (
    <>
      <ListTable<AdminRefund> query={query} list={list} filters={{ schema: refundAdminListRequest, fields: REFUND_FILTERS }}
        scroll={{ x: 1400 }}
        columns={[
          { title: t('refunds.requested'), dataIndex: 'requestedAt', ...list.sortable('requestedAt'), render: (v: number) => <DateTime value={v} /> },
          { title: t('payments.order'), dataIndex: 'orderNo', render: (orderNo: string) => <Link to={`/orders/${encodeURIComponent(orderNo)}`}>{orderNo}</Link> },
          {
            title: t('refunds.state'),
            dataIndex: 'state',
            render: (s: AdminRefund['state'], row) => (
              <Space size={4} wrap>
                <Tag color={STATE_COLORS[s]}>{t(`refunds.state.${s}`)}</Tag>
                {row.automatic ? (
                  <Tooltip title={t('refunds.automatic.hint')}>
                    <Tag color="blue" tabIndex={0}>{t('refunds.automatic')}</Tag>
                  </Tooltip>
                ) : null}
              </Space>
            ),
          },
          {
            title: t('refunds.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (amount: number | null, row) => (
              <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
                <Typography.Text strong>{amount === null ? '—' : formatMoney(amount, row.currency)}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('refunds.of-total', { total: formatMoney(row.orderTotal, row.currency) })}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('refunds.reason'),
            dataIndex: 'reason',
            render: (reason: string, row) => (
              <Space orientation="vertical" size={0}>
                <span>
                  {reason === WITHDRAWAL_REFUND_REASON ? <Tag color="purple">{t('refunds.withdrawal-tag')}</Tag> : null}
                  {t(`refunds.reason.${reason}`, { defaultValue: reason || '—' })}
                </span>
                {row.note ? (
                  <Tooltip title={row.note}>
                    <Typography.Text type="secondary" ellipsis style={{ maxWidth: 200, fontSize: 12 }}>
                      {row.note}
                    </Typography.Text>
                  </Tooltip>
                ) : null}
              </Space>
            ),
          },
          { title: t('payments.method'), dataIndex: 'method', render: (m: AdminRefund['method']) => <MethodLabel method={m} /> },
          { title: t('payments.provider-id'), dataIndex: 'providerRef', render: (v: string | null) => <ProviderId value={v} /> },
          { title: t('refunds.refund-id'), dataIndex: 'refundId', render: (v: string) => <ProviderId value={v} /> },
          { title: t('refunds.decided'), dataIndex: 'decidedAt', render: (v: number | null) => <DateTime value={v} /> },
        ]}
      />
    </>
  );
}
