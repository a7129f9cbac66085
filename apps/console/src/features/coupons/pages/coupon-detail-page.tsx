import { DownloadOutlined } from '@ant-design/icons';
import { formatMoney, type CouponStatus } from '@simshop/contract';
import { App, Button, Card, Descriptions, Flex, InputNumber, Result, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AuditTrail } from '@/components/audit-trail';
import { DateTime } from '@/components/date-time';
import { OrderStatusTag } from '@/components/order-status-tag';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { errorText } from '@/lib/form-errors';
import { useCan } from '@/lib/staff-session';
import { useCouponAudit, useCouponDetail, useCouponUses } from '../api/coupon-queries';
import { useExportCodes, useGenerateCodes, usePauseCoupon } from '../api/coupon-write';
import { CouponStatusTag, couponValue } from '../components/coupon-bits';
import { CouponForm } from '../components/coupon-form';

/** One coupon: its rules, its single-use codes (generate, export), the orders that used it, its changes. */
export default function CouponDetailPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const id = Number(useParams().id) || 0;
  const detail = useCouponDetail(id);
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const uses = useCouponUses({ id, ...page });
  const audit = useCouponAudit(id, can('audit.read'));
  const pause = usePauseCoupon();
  const generate = useGenerateCodes();
  const exporter = useExportCodes();
  const [editing, setEditing] = useState(false);
  const [count, setCount] = useState<number | null>(100);
  const writable = can('promotions.manage');
  const zh = i18n.language === 'zh-Hans';

  if (detail.isError) {
    const missing = (detail.error as { code?: number }).code === 1059;
    return missing ? <Result status="404" title={t('coupons.not-found')} extra={<Link to="/coupons">{t('coupons.back')}</Link>} /> : <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  const c = detail.data;
  const fail = (e: unknown) => void message.error(errorText(e, t));

  return (
    <>
      <PageHeader
        title={c ? (zh ? c.nameZh : c.nameEn) : t('coupons.title')}
        subtitle={<Link to="/coupons">{t('coupons.back')}</Link>}
        extra={
          c && writable ? (
            <Space>
              <Button onClick={() => setEditing(true)}>{t('console.edit')}</Button>
              <Button loading={pause.isPending} onClick={() => pause.mutate({ id: c.id, paused: !c.paused }, { onSuccess: () => void message.success(t(c.paused ? 'coupons.resumed' : 'coupons.paused')), onError: fail })}>
                {t(c.paused ? 'coupons.resume' : 'coupons.pause')}
              </Button>
            </Space>
          ) : null
        }
      />
      <Card title={t('coupons.rules')} loading={detail.isPending} style={{ marginBottom: 16 }}>
        {c ? (
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
            <Descriptions.Item label={t('coupons.status')}>
              <CouponStatusTag status={c.status as CouponStatus} />
            </Descriptions.Item>
            <Descriptions.Item label={t('coupons.kind')}>{couponValue(c, t)}</Descriptions.Item>
            <Descriptions.Item label={t('coupons.distribution')}>
              {t(`coupons.distribution.${c.distribution}`)} {c.code ? <Typography.Text code>{c.code}</Typography.Text> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('coupons.min-spend')}>{formatMoney(c.minSpend, c.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('coupons.period')}>
              <DateTime value={c.startsAt} /> – {c.endsAt ? <DateTime value={c.endsAt} /> : t('coupons.no-end')}
            </Descriptions.Item>
            <Descriptions.Item label={t('coupons.audience')}>{t(`coupons.audience.${c.audience}`)}</Descriptions.Item>
            <Descriptions.Item label={t('coupons.kinds')}>{c.productKinds.length ? c.productKinds.map((k) => t(`catalogue.kind.${k}`)).join(', ') : t('console.all')}</Descriptions.Item>
            <Descriptions.Item label={t('coupons.products')}>{c.productIds.length ? c.productIds.map((p) => <Link key={p} to={`/products/${p}`} style={{ marginRight: 8 }}>#{p}</Link>) : t('console.all')}</Descriptions.Item>
            <Descriptions.Item label={t('coupons.uses')}>{c.maxUses ? `${c.uses} / ${c.maxUses}` : c.uses}</Descriptions.Item>
            <Descriptions.Item label={t('coupons.per-customer')}>{c.perCustomer}</Descriptions.Item>
            <Descriptions.Item label={t('coupons.claims')}>{c.claims}</Descriptions.Item>
            <Descriptions.Item label={t('coupons.with-wholesale')}>{t(c.withWholesale ? 'coupons.yes' : 'coupons.no')}</Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
      {c?.distribution === 'bulk' ? (
        <Card title={t('coupons.codes')} style={{ marginBottom: 16 }}>
          <Flex gap={12} align="center" wrap>
            <Typography.Text>{t('coupons.codes.count', { codes: c.codes, used: c.codesUsed })}</Typography.Text>
            {writable ? (
              <>
                <InputNumber aria-label={t('coupons.codes.how-many')} min={1} max={10_000} precision={0} value={count} onChange={setCount} />
                <Button type="primary" loading={generate.isPending} disabled={!count} onClick={() => count && generate.mutate({ id: c.id, count }, { onSuccess: (r) => void message.success(t('coupons.codes.generated', { count: r.generated })), onError: fail })}>
                  {t('coupons.codes.generate')}
                </Button>
                <Button icon={<DownloadOutlined />} loading={exporter.isPending} disabled={c.codes === 0} onClick={() => exporter.mutate({ id: c.id }, { onSuccess: (r) => void message.success(t('coupons.codes.exported', { count: r.rows, filename: r.filename })), onError: fail })}>
                  {t('coupons.codes.export')}
                </Button>
              </>
            ) : null}
          </Flex>
        </Card>
      ) : null}
      <Card title={t('coupons.uses.title')} style={{ marginBottom: 16 }}>
        {uses.isError ? (
          <QueryError error={uses.error} onRetry={() => void uses.refetch()} />
        ) : (
          <Table
            rowKey="id"
            size="small"
            loading={uses.isFetching}
            dataSource={uses.data?.items}
            pagination={{ current: page.page, pageSize: page.pageSize, total: uses.data?.total ?? 0, onChange: (p, s) => setPage({ page: p, pageSize: s }) }}
            columns={[
              { title: t('coupons.uses.order'), dataIndex: 'orderNo', render: (no: string) => <Link to={`/orders/${no}`}>{no}</Link> },
              { title: t('coupons.status'), dataIndex: 'orderStatus', render: (s: string) => <OrderStatusTag status={s as never} /> },
              { title: t('coupons.uses.customer'), key: 'customer', render: (_, u) => <Link to={`/customers/${u.customer.id}`}>{u.customer.email ?? u.customer.tel ?? `#${u.customer.id}`}</Link> },
              { title: t('coupons.uses.code'), dataIndex: 'code', render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '—') },
              { title: t('coupons.uses.discount'), key: 'discount', render: (_, u) => formatMoney(u.discount, u.currency) },
              { title: t('coupons.uses.at'), dataIndex: 'usedAt', render: (v: number) => <DateTime value={v} /> },
              {
                title: (
                  <Tooltip title={t('coupons.uses.returned.help')}>
                    <span>{t('coupons.uses.returned')}</span>
                  </Tooltip>
                ),
                dataIndex: 'returnedAt',
                render: (v: number | null) => (v ? <DateTime value={v} /> : '—'),
              },
            ]}
          />
        )}
      </Card>
      {can('audit.read') ? (
        <Card title={t('coupons.audit')}>
          <AuditTrail entries={audit.data?.items} loading={audit.isPending} />
        </Card>
      ) : null}
      {c ? <CouponForm open={editing} coupon={c} onClose={() => setEditing(false)} /> : null}
    </>
  );
}
