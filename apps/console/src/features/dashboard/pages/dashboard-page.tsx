import { AlertOutlined, ReloadOutlined, RollbackOutlined, ShoppingOutlined, WarningOutlined } from '@ant-design/icons';
import { DASHBOARD_PERIODS, TO_SHIP_STATUSES, type DashboardSummary } from '@simshop/contract';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrderStatusTag } from '@/components/order-status-tag';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { formatDateTime, formatMoney, localText } from '@/lib/format';
import { useCan } from '@/lib/staff-session';
import { useDashboardSummary } from '../api/dashboard-summary';
import { SmsBudgetAlert, smsBudgetNeedsAlert } from '../components/sms-budget-alert';
import { SecurityAlert } from '../components/security-alert';

const TO_SHIP_LINK = `/orders?status=${TO_SHIP_STATUSES.join(',')}&kind=sim&delivery=ship`;
const REFUNDS_LINK = '/orders?status=to_be_refunded';

type Sale = DashboardSummary['sales'][number];

const cardTitle = (text: string) => (
  <Typography.Title level={5} style={{ margin: 0 }}>
    {text}
  </Typography.Title>
);

/** One number that asks for work, with where to do it (a link only for who may open it). */
function Attention({ title, value, hint, icon, link, linkText, alert }: { title: string; value: number; hint: string; icon: ReactNode; link: string | null; linkText: string; alert: boolean }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic title={title} value={value} prefix={icon} styles={{ content: { color: alert && value > 0 ? '#c2410c' : undefined } }} />
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {hint}
      </Typography.Text>
      {link ? (
        <Link to={link} style={{ fontSize: 13 }}>
          {linkText}
        </Link>
      ) : null}
    </Card>
  );
}

/** Paid orders whose issuing keeps failing: the owner issues them now or refunds them. */
function DelayedOrders({ d, canOpen, lang }: { d: DashboardSummary; canOpen: boolean; lang: string }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={5} style={{ margin: 0, color: '#c2410c' }}>
          <AlertOutlined /> {t('dashboard.delayed')} ({d.delayedOrderCount})
        </Typography.Title>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('dashboard.delayed-hint')}
        {d.delayedOrderCount > d.delayedOrders.length ? ` ${t('dashboard.delayed-more', { count: d.delayedOrderCount })}` : ''}
      </Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="orderNo"
        dataSource={d.delayedOrders}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('dashboard.order-no'), dataIndex: 'orderNo', render: (v: string) => (canOpen ? <Link to={`/orders/${v}`}>{v}</Link> : <Typography.Text code>{v}</Typography.Text>) },
          { title: t('dashboard.paid-at'), dataIndex: 'paidAt', render: (v: number | null) => (v ? formatDateTime(v, lang) : '—') },
          { title: t('dashboard.total'), key: 'total', align: 'right', render: (_, r) => formatMoney(r.total, r.currency) },
          { title: t('dashboard.tries'), dataIndex: 'attempts', align: 'right' },
          { title: t('dashboard.last-error'), dataIndex: 'lastError', render: (v: string | null) => <Typography.Text type="danger">{v ?? '—'}</Typography.Text> },
          { title: t('dashboard.next-try'), dataIndex: 'nextTryAt', render: (v: number) => formatDateTime(v, lang) },
        ]}
      />
    </Card>
  );
}

export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const query = useDashboardSummary();
  const lang = i18n.language;
  const d = query.data;
  const ordersLink = (to: string) => (can('orders.read') ? to : null);

  const header = (
    <PageHeader
      title={t('dashboard.title')}
      subtitle={d ? t('dashboard.updated', { when: formatDateTime(d.generatedAt, lang) }) : t('dashboard.subtitle')}
      extra={
        <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('dashboard.refresh')}
        </Button>
      }
    />
  );
  if (query.isError) {
    return (
      <>
        {header}
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  if (!d) {
    return (
      <>
        {header}
        <Skeleton active paragraph={{ rows: 12 }} />
      </>
    );
  }

  const currencies = [...new Set(d.sales.map((s) => s.currency))];
  const saleOf = (currency: string, period: Sale['period']) => d.sales.find((s) => s.currency === currency && s.period === period);
  const lowCount = d.lowStock.length + d.pools.filter((p) => p.free <= d.lowStockThreshold).length;

  return (
    <>
      {header}
      <Row gutter={[16, 16]}>
        {d.securityAlerts.length > 0 ? (
          <Col span={24}>
            <SecurityAlert alerts={d.securityAlerts} canOpen={can('audit.read')} />
          </Col>
        ) : null}
        {smsBudgetNeedsAlert(d.smsBudget) ? (
          <Col span={24}>
            <SmsBudgetAlert budget={d.smsBudget} />
          </Col>
        ) : null}
        {d.delayedOrderCount > 0 ? (
          <Col span={24}>
            <DelayedOrders d={d} canOpen={can('orders.read')} lang={lang} />
          </Col>
        ) : null}
        <Col xs={24} sm={12} xl={6}>
          <Attention title={t('dashboard.to-ship')} value={d.toShip} hint={t('dashboard.to-ship-hint')} icon={<ShoppingOutlined />} link={ordersLink(TO_SHIP_LINK)} linkText={t('dashboard.open-list')} alert />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Attention title={t('dashboard.refunds')} value={d.refundRequested} hint={t('dashboard.refunds-hint')} icon={<RollbackOutlined />} link={ordersLink(REFUNDS_LINK)} linkText={t('dashboard.open-list')} alert />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Attention title={t('dashboard.failed-jobs')} value={d.failedJobs} hint={t('dashboard.failed-jobs-hint')} icon={<AlertOutlined />} link={can('jobs.read') ? '/jobs' : null} linkText={t('dashboard.open-jobs')} alert />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Attention title={t('dashboard.low-stock-count')} value={lowCount} hint={t('dashboard.low-stock-hint', { threshold: d.lowStockThreshold })} icon={<WarningOutlined />} link={null} linkText="" alert />
        </Col>

        <Col span={24}>
          <Card title={cardTitle(t('dashboard.sales'))} size="small">
            {currencies.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.no-sales')} />
            ) : (
              <Table
                size="small"
                pagination={false}
                rowKey="currency"
                dataSource={currencies.map((currency) => ({ currency }))}
                columns={[
                  { title: t('dashboard.currency'), dataIndex: 'currency', width: 110 },
                  ...DASHBOARD_PERIODS.map((period) => ({
                    title: t(`dashboard.period.${period}`),
                    key: period,
                    render: (_: unknown, row: { currency: string }) => {
                      const s = saleOf(row.currency, period);
                      if (!s) return '—';
                      return (
                        <Flex vertical>
                          <Typography.Text strong style={{ fontSize: 16 }}>
                            {formatMoney(s.net, s.currency)}
                          </Typography.Text>
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {t('dashboard.orders-count', { count: s.orders })} · {t('dashboard.gross-refunds', { gross: formatMoney(s.gross, s.currency), refunds: formatMoney(s.refunds, s.currency) })}
                          </Typography.Text>
                        </Flex>
                      );
                    },
                  })),
                ]}
              />
            )}
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
              {t('dashboard.sales-note')}
            </Typography.Paragraph>
          </Card>
        </Col>

        <Col xs={24} xl={8}>
          <Card title={cardTitle(t('dashboard.by-status'))} size="small" style={{ height: '100%' }}>
            {d.byStatus.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.no-orders')} />
            ) : (
              <Flex vertical gap={6}>
                {[...d.byStatus]
                  .sort((a, b) => b.count - a.count)
                  .map((s) => {
                    const tag = <OrderStatusTag status={s.status} />;
                    const link = ordersLink(`/orders?status=${s.status}`);
                    return (
                      <Flex key={s.status} justify="space-between" align="center">
                        {link ? <Link to={link}>{tag}</Link> : tag}
                        <Typography.Text strong>{s.count}</Typography.Text>
                      </Flex>
                    );
                  })}
              </Flex>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={cardTitle(t('dashboard.low-stock'))} size="small" style={{ height: '100%' }}>
            <Table
              size="small"
              pagination={false}
              rowKey="skuId"
              dataSource={d.lowStock}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.no-low-stock', { threshold: d.lowStockThreshold })} /> }}
              columns={[
                { title: t('dashboard.product'), key: 'product', render: (_, r) => localText(r.productName, lang) },
                { title: t('dashboard.sku'), dataIndex: 'skuCode', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
                { title: t('dashboard.stock'), dataIndex: 'stock', align: 'right', render: (v: number) => <Typography.Text type={v === 0 ? 'danger' : undefined}>{v}</Typography.Text> },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={cardTitle(t('dashboard.pools'))} extra={<Typography.Text type="secondary">{t('dashboard.pools-hint')}</Typography.Text>} size="small" style={{ height: '100%' }}>
            <Table
              size="small"
              pagination={false}
              rowKey="skuId"
              dataSource={d.pools}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.no-pools')} /> }}
              columns={[
                { title: t('dashboard.product'), key: 'product', render: (_, r) => localText(r.productName, lang) },
                { title: t('dashboard.sku'), dataIndex: 'skuCode', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
                { title: t('dashboard.free'), dataIndex: 'free', align: 'right', render: (v: number) => <Typography.Text type={v <= d.lowStockThreshold ? 'danger' : undefined}>{v}</Typography.Text> },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
