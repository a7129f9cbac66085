import { ArrowLeftOutlined } from '@ant-design/icons';
import { addressCountryName, adminApi, carrierLabelKey, serverErrors, type AdminOrderAction, type AdminOrderDetail, type AdminServiceEvent } from '@simshop/contract';
import { Alert, App, Button, Card, Col, Descriptions, Empty, Flex, Result, Row, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AuditTrail } from '@/components/audit-trail';
import { OrderCouponLine } from '@/components/coupon-order-line';
import { DateTime } from '@/components/date-time';
import { OrderStatusTag } from '@/components/order-status-tag';
import { cardHeading, FactsCard } from '@/components/facts-card';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/form-errors';
import { formatDateTime, formatMoney, localText } from '@/lib/format';
import { readListAddress } from '@/lib/list-memory';
import { useCan } from '@/lib/staff-session';
import { useOrderDeliver } from '../api/order-deliver';
import { useOrderDetail } from '../api/order-detail';
import { useOrderServiceStep } from '../api/order-service-step';
import { AddonTargetLine } from '../components/addon-target-line';
import { AddressDialog } from '../components/address-dialog';
import { ConsumerTermsCard } from '../components/consumer-terms-card';
import { FulfilmentCard } from '../components/fulfilment-card';
import { OrderEsimsCard } from '../components/order-esims-card';
import { OrderNotes } from '../components/order-notes';
import { OrderStepper } from '../components/order-stepper';
import { OrderTimeline } from '../components/order-timeline';
import { PickupCard } from '../components/pickup-card';
import { RefundApproveDialog } from '../components/refund-approve-dialog';
import { RefundRejectDialog } from '../components/refund-reject-dialog';
import { ShipDialog } from '../components/ship-dialog';

type Item = AdminOrderDetail['items'][number];
type Dialog = 'ship' | 'refund_approve' | 'refund_reject' | 'modify_address' | null;

const permissionOf = (action: AdminOrderAction) => adminApi.adminOrder.actions[action].permission;

/** The staff member who approved the refund, by name, from the order's history. */
const refundApprover = (order: AdminOrderDetail) => order.events.findLast((e) => e.event.includes('approve') && e.event.includes('refund') && e.by.kind === 'staff')?.by.name ?? null;

export default function OrderDetailPage() {
  const { t } = useTranslation();
  const { orderNo = '' } = useParams();
  const query = useOrderDetail(orderNo);
  const back = (
    <Link to={`/orders${readListAddress('/orders')}`}>
      <ArrowLeftOutlined /> {t('orders.back')}
    </Link>
  );
  if (query.isPending) {
    return (
      <>
        <div style={{ marginBottom: 8 }}>{back}</div>
        <Skeleton active paragraph={{ rows: 10 }} />
      </>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.code === serverErrors.orderNotFound.code || query.error.code === serverErrors.paramInvalid.code);
    return (
      <>
        <div style={{ marginBottom: 8 }}>{back}</div>
        {missing ? <Result status="404" title={orderNo} subTitle={t('orders.detail.not-found')} /> : <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      </>
    );
  }
  return <OrderView order={query.data} back={back} />;
}

function OrderView({ order, back }: { order: AdminOrderDetail; back: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const [dialog, setDialog] = useState<Dialog>(null);
  const deliver = useOrderDeliver();
  const step = useOrderServiceStep();
  const lang = i18n.language;
  const money = (v: number) => formatMoney(v, order.currency);
  // What the order's state allows and the member's role may do: the only buttons shown.
  const allowed = (action: AdminOrderAction) => order.actions.includes(action) && can(permissionOf(action));

  const confirmDeliver = () =>
    modal.confirm({
      title: t('orders.action.deliver'),
      content: t('orders.deliver.confirm', { orderNo: order.orderNo }),
      okText: t('console.confirm'),
      cancelText: t('console.cancel'),
      onOk: () => deliver.mutateAsync({ orderNo: order.orderNo }).then(() => void message.success(t('orders.deliver.done')), (e: unknown) => void message.error(errorText(e, t))),
    });
  const confirmStep = (event: AdminServiceEvent) =>
    modal.confirm({
      title: t('orders.action.service-step'),
      content: t('orders.service.confirm', { orderNo: order.orderNo, step: t(`orders.event.${event}`) }),
      okText: t('console.confirm'),
      cancelText: t('console.cancel'),
      onOk: () => step.mutateAsync({ orderNo: order.orderNo, event }).then(() => void message.success(t('orders.service.done')), (e: unknown) => void message.error(errorText(e, t))),
    });

  const refundAsked = order.status === 'to_be_refunded';
  // "Paid" said for what the order delivers, as the shop says it.
  const statusFacts = { kinds: order.items.map((i) => i.kind), pickup: order.pickupStore !== null };

  const actions = (
    <Space wrap>
      {allowed('ship') ? (
        <Button type="primary" onClick={() => setDialog('ship')}>
          {t('orders.action.ship')}
        </Button>
      ) : null}
      {allowed('deliver') ? (
        <Button type="primary" onClick={confirmDeliver}>
          {t('orders.action.deliver')}
        </Button>
      ) : null}
      {allowed('service_step')
        ? order.serviceEvents.map((e, i) => (
            <Button key={e} type={i === 0 ? 'primary' : 'default'} danger={e.startsWith('fail')} onClick={() => confirmStep(e)}>
              {t(`orders.event.${e}`)}
            </Button>
          ))
        : null}
      {allowed('refund_approve') ? (
        <Button type="primary" onClick={() => setDialog('refund_approve')}>
          {t('orders.action.refund-approve')}
        </Button>
      ) : null}
      {allowed('refund_reject') ? (
        <Button danger onClick={() => setDialog('refund_reject')}>
          {t('orders.action.refund-reject')}
        </Button>
      ) : null}
    </Space>
  );

  const inputsOf = (item: Item) => {
    const entries = Object.entries(item.inputs).filter(([, v]) => v !== '');
    if (entries.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
    return (
      <Flex vertical>
        {entries.map(([k, v]) => (
          <span key={k}>
            <Typography.Text type="secondary">{t(`orders.input.${k}`, { defaultValue: k })}: </Typography.Text>
            {k === 'paperCard' ? t(`orders.paper-card.${v}`, { defaultValue: v }) : <Typography.Text copyable>{v}</Typography.Text>}
          </span>
        ))}
      </Flex>
    );
  };

  const amounts: Array<[string, number]> = [
    ['subtotal', order.subtotal],
    ['freight', order.freight],
    ...(order.serviceFee ? ([['service-fee', order.serviceFee]] as Array<[string, number]>) : []),
    ...(order.discount ? ([['discount', -order.discount]] as Array<[string, number]>) : []),
  ];

  const address = order.address;
  return (
    <>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 8 }}>
        {back}
        <OrderStepper orderNo={order.orderNo} onShip={allowed('ship') ? () => setDialog('ship') : null} dialogOpen={dialog !== null} />
      </Flex>
      <PageHeader
        title={
          <Flex align="center" gap={12} wrap>
            <span>{t('orders.detail.title', { orderNo: order.orderNo })}</span>
            <OrderStatusTag status={order.status} {...statusFacts} />
          </Flex>
        }
        subtitle={[t('orders.detail.placed', { when: formatDateTime(order.createdAt, lang) }), ...(order.placedByClient ? [t('orders.detail.placed-by', { name: order.placedByClient })] : [])].join(' · ')}
        extra={actions}
      />
      {refundAsked ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('orders.detail.refund-requested')}
          description={
            <>
              {t('orders.detail.refund-requested-text', { reason: order.refundReason ? t(`orders.refund-reason.${order.refundReason}`, { defaultValue: order.refundReason }) : '—' })}
              {order.refundNote ? ` “${order.refundNote}”` : null}
              {!can('orders.refund') ? <div data-testid="refund-no-permission">{t('orders.detail.refund-no-permission')}</div> : null}
            </>
          }
        />
      ) : null}
      <FulfilmentCard order={order} />
      <PickupCard order={order} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Flex vertical gap={16}>
            <Card title={cardHeading(t('orders.detail.items'))} size="small">
              <Table<Item>
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={order.items}
                columns={[
                  {
                    title: t('orders.detail.product'),
                    key: 'product',
                    render: (_, i) => (
                      <Flex vertical>
                        <Typography.Text strong>{localText(i.name, lang)}</Typography.Text>
                        <Typography.Text type="secondary">
                          {t(`orders.kind.${i.kind}`)}
                          {i.options.length ? ` · ${i.options.map((o) => localText(o, lang)).join(' / ')}` : ''}
                        </Typography.Text>
                        {order.addonTargets.filter((a) => a.orderItemId === i.id).map((a) => <AddonTargetLine key={a.esimId} target={a} customerId={order.customer.id} />)}
                      </Flex>
                    ),
                  },
                  { title: t('orders.detail.inputs'), key: 'inputs', render: (_, i) => inputsOf(i) },
                  { title: t('orders.detail.unit-price'), dataIndex: 'unitPrice', align: 'right', render: (v: number) => money(v) },
                  { title: t('orders.detail.quantity'), dataIndex: 'quantity', align: 'right' },
                  { title: t('orders.detail.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
                ]}
              />
              <Flex vertical align="flex-end" gap={2} style={{ marginTop: 12 }}>
                {amounts.map(([key, v]) => (
                  <Typography.Text key={key} type="secondary">
                    {t(`orders.detail.${key}`)}: {money(v)}
                  </Typography.Text>
                ))}
                {order.coupon ? <OrderCouponLine coupon={order.coupon} /> : null}
                <Typography.Text strong style={{ fontSize: 16 }}>
                  {t('orders.detail.total')}: {money(order.total)}
                </Typography.Text>
                {order.refundAmount !== null ? <Typography.Text type="danger">{t('orders.refunded', { amount: money(order.refundAmount) })}</Typography.Text> : null}
              </Flex>
              {order.remark ? (
                <Alert type="info" style={{ marginTop: 12 }} title={t('orders.detail.remark')} description={order.remark} />
              ) : null}
            </Card>
            <OrderEsimsCard order={order} />
            <OrderTimeline order={order} statusFacts={statusFacts} />
            <Card title={cardHeading(t('orders.detail.notes'))} extra={<Typography.Text type="secondary">{t('orders.detail.notes-hint')}</Typography.Text>} size="small">
              <OrderNotes order={order} canWrite={can(permissionOf('add_note'))} />
            </Card>
            <Card title={cardHeading(t('orders.detail.audit'))} size="small">
              <AuditTrail entries={order.audit} />
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap={16}>
            {order.consumerTerms ? <ConsumerTermsCard terms={order.consumerTerms} /> : null}
            {/* Who sells the order, and the orders paid with it in one checkout (one per merchant). */}
            <FactsCard
              title={t('orders.detail.merchant')}
              facts={[
                { key: 'merchant', label: t('orders.detail.merchant'), children: localText(order.merchant.name, i18n.language) },
                ...(order.checkout ? [{ key: 'checkout', label: t('orders.detail.checkout'), children: <Typography.Text copyable>{order.checkout.checkoutNo}</Typography.Text> }] : []),
              ]}
            >
              {order.checkout && order.checkout.orders.length > 1 ? (
                <ul className="checkout-orders" style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }}>
                  {order.checkout.orders.map((o) => (
                    <li key={o.orderNo} style={{ display: 'flex', justifyContent: 'space-between', gap: 8, padding: '4px 0' }}>
                      <span>
                        {o.orderNo === order.orderNo ? <strong>{o.orderNo}</strong> : <Link to={`/orders/${o.orderNo}`}>{o.orderNo}</Link>}
                        <Typography.Text type="secondary"> · {localText(o.merchant.name, i18n.language)}</Typography.Text>
                      </span>
                      <OrderStatusTag status={o.status} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </FactsCard>
            <FactsCard
              title={t('orders.detail.customer')}
              facts={[
                { key: 'email', label: t('orders.detail.email'), children: order.customer.email ?? '—' },
                { key: 'tel', label: t('orders.detail.phone'), children: order.customer.tel ?? '—' },
                { key: 'nick', label: t('orders.detail.nickname'), children: order.customer.nickname || '—' },
                { key: 'type', label: t('orders.detail.type'), children: order.customer.reseller ? <Tag>{t('orders.reseller')}</Tag> : t('orders.detail.regular') },
              ]}
            />
            <Card
              title={cardHeading(t('orders.detail.address'))}
              size="small"
              extra={
                allowed('modify_address') ? (
                  <Button size="small" onClick={() => setDialog('modify_address')}>
                    {t('orders.action.modify-address')}
                  </Button>
                ) : null
              }
            >
              {address ? (
                <Flex vertical>
                  <Typography.Text strong>
                    {address.name} {address.tel}
                  </Typography.Text>
                  {address.company ? <span>{address.company}</span> : null}
                  <span>{[address.detail, address.district, address.city, address.province, address.postCode, addressCountryName(address.country, lang === 'zh-Hans' ? 'zh-Hans' : 'en')].filter(Boolean).join(', ')}</span>
                  {address.email ? <Typography.Text type="secondary">{address.email}</Typography.Text> : null}
                </Flex>
              ) : (
                <Typography.Text type="secondary">{order.pickupStore ? t('pickup.no-address') : t('orders.detail.no-address')}</Typography.Text>
              )}
            </Card>
            <Card title={cardHeading(t('orders.detail.logistics'))} size="small">
              {order.carrier && order.carrier !== 'online' ? (
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { key: 'carrier', label: t('orders.detail.carrier'), children: t(carrierLabelKey(order.carrier)) },
                    {
                      key: 'no',
                      label: t('orders.detail.tracking-no'),
                      children: (
                        <Flex vertical>
                          <Typography.Text copyable>{order.trackingNo}</Typography.Text>
                          {order.trackingUrl ? (
                            <a href={order.trackingUrl} target="_blank" rel="noreferrer">
                              {t('orders.detail.track')}
                            </a>
                          ) : null}
                        </Flex>
                      ),
                    },
                    { key: 'shipped', label: t('orders.detail.shipped-at'), children: <DateTime value={order.shippedAt} /> },
                    { key: 'received', label: t('orders.detail.received-at'), children: <DateTime value={order.receivedAt} /> },
                  ]}
                />
              ) : order.carrier === 'online' ? (
                <Typography.Text>{t(carrierLabelKey('online'))}</Typography.Text>
              ) : (
                <Typography.Text type="secondary">{order.pickupStore ? t('pickup.no-shipping') : order.physical ? t('orders.detail.not-shipped') : t('orders.detail.no-address')}</Typography.Text>
              )}
            </Card>
            <FactsCard
              title={t('orders.detail.payment')}
              facts={[
                { key: 'method', label: t('orders.detail.pay-method'), children: order.payMethod ? t(`orders.pay.${order.payMethod}`, { defaultValue: order.payMethod }) : '—' },
                { key: 'paid', label: t('orders.detail.paid-at'), children: <DateTime value={order.paidAt} /> },
                { key: 'trans', label: t('orders.detail.transaction'), children: order.paymentTransId ? <Typography.Text copyable style={{ wordBreak: 'break-all' }}>{order.paymentTransId}</Typography.Text> : '—' },
                ...(order.refundId
                  ? [
                      { key: 'refund-id', label: t('orders.detail.refund-id'), children: order.refundId },
                      { key: 'refund-reason', label: t('orders.detail.refund-reason'), children: order.refundReason ? t(`orders.refund-reason.${order.refundReason}`, { defaultValue: order.refundReason }) : '—' },
                      { key: 'refund-amount', label: t('orders.detail.refund-amount'), children: order.refundAmount !== null ? money(order.refundAmount) : '—' },
                      ...(order.refundAmount !== null
                        ? [{ key: 'refund-by', label: t('orders.detail.refund-by'), children: order.refundAutomatic ? <Tag color="blue">{t('orders.detail.refund-by.rule')}</Tag> : (refundApprover(order) ?? t('orders.detail.refund-by.staff')) }]
                        : []),
                    ]
                  : []),
              ]}
            >
              <Typography.Text strong style={{ display: 'block', margin: '12px 0 4px' }}>
                {t('orders.detail.attempts')}
              </Typography.Text>
              {order.payments.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.detail.no-payments')} style={{ margin: 0 }} />
              ) : (
                <Flex vertical gap={4}>
                  {order.payments.map((p) => (
                    <Flex key={p.id} justify="space-between" gap={8}>
                      <span>
                        {t(`orders.pay.${p.method}`, { defaultValue: p.method })} · <DateTime value={p.createdAt} />
                      </span>
                      <span style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(p.amount, p.currency)}{' '}
                        <Tag style={{ marginInlineEnd: 0 }}>
                          {t(`orders.detail.payment-status.${p.status}`, { defaultValue: p.status })}
                        </Tag>
                      </span>
                    </Flex>
                  ))}
                </Flex>
              )}
            </FactsCard>
          </Flex>
        </Col>
      </Row>
      <ShipDialog order={order} open={dialog === 'ship'} onClose={() => setDialog(null)} />
      <RefundApproveDialog order={order} open={dialog === 'refund_approve'} onClose={() => setDialog(null)} />
      <RefundRejectDialog order={order} open={dialog === 'refund_reject'} onClose={() => setDialog(null)} />
      <AddressDialog order={order} open={dialog === 'modify_address'} onClose={() => setDialog(null)} />
    </>
  );
}
