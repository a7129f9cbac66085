import { ArrowLeftOutlined } from '@ant-design/icons';
import { isResellerRole, roleLabelKey, serverErrors } from '@simshop/contract';
import { Card, Col, Descriptions, Row, Skeleton, Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { DateTime } from '@/components/date-time';
import { NotFound } from '@/components/forbidden';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { ApiError } from '@/lib/api-client';
import { useCustomerDetail } from '../api/customer-detail';
import { AccessCard } from '../components/access-card';
import { BalancesCard } from '../components/balances-card';
import { CustomerAudit, CustomerDevices, CustomerEsims, CustomerLedger, CustomerOrders } from '../components/customer-lists';
import { CustomerStatusTag } from '../components/customer-status-tag';

const TABS = ['orders', 'esims', 'devices', 'ledger', 'audit'] as const;

/** One customer: who they are, what they may do, their money, and everything they bought. */
export default function CustomerPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const [search, setSearch] = useSearchParams();
  const tab = TABS.find((x) => x === search.get('tab')) ?? 'orders';
  const query = useCustomerDetail(valid ? id : 0);

  if (!valid || (query.error instanceof ApiError && query.error.code === serverErrors.accountNotFound.code)) return <NotFound />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const back = (
    <Link to="/customers">
      <ArrowLeftOutlined /> {t('customers.back')}
    </Link>
  );
  if (!query.data) {
    return (
      <>
        {back}
        <Skeleton active style={{ marginTop: 16 }} />
      </>
    );
  }
  const { customer, counts } = query.data;
  const account = customer.email ?? customer.tel ?? `#${customer.id}`;

  return (
    <>
      <div style={{ marginBottom: 8 }}>{back}</div>
      <PageHeader
        title={account}
        subtitle={
          <Space size={8} wrap>
            <span>{customer.nickname}</span>
            <Tag color={isResellerRole(customer.role) ? 'blue' : 'default'}>{t(roleLabelKey(customer.role))}</Tag>
            <CustomerStatusTag status={customer.status} />
          </Space>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <Card title={t('customers.profile')} style={{ height: '100%' }}>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'email', label: t('customers.email'), children: customer.email ?? '—' },
                { key: 'tel', label: t('customers.tel'), children: customer.tel ?? '—' },
                { key: 'nickname', label: t('customers.nickname'), children: customer.nickname || '—' },
                { key: 'name', label: t('customers.name'), children: customer.name || '—' },
                { key: 'id', label: 'ID', children: customer.id },
                { key: 'created', label: t('customers.created'), children: <DateTime value={customer.createdAt} /> },
                { key: 'updated', label: t('customers.updated'), children: <DateTime value={customer.updatedAt} /> },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <AccessCard customer={customer} />
        </Col>
        <Col xs={24} xl={8}>
          <BalancesCard detail={query.data} />
        </Col>
      </Row>
      <Card style={{ marginTop: 16 }}>
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            setSearch(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
          destroyOnHidden
          items={[
            { key: 'orders', label: t('customers.tab.orders', { count: counts.orders }), children: <CustomerOrders id={id} /> },
            { key: 'esims', label: t('customers.tab.esims', { count: counts.esims }), children: <CustomerEsims id={id} /> },
            { key: 'devices', label: t('customers.tab.devices', { count: counts.devices }), children: <CustomerDevices id={id} /> },
            { key: 'ledger', label: t('customers.tab.ledger'), children: <CustomerLedger id={id} /> },
            { key: 'audit', label: t('customers.tab.audit'), children: <CustomerAudit id={id} /> },
          ]}
        />
      </Card>
    </>
  );
}
