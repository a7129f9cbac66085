import { addressLine, type OrderDetail } from '@simshop/contract';
import { Button, List } from 'antd-mobile';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { QueryState } from '@/components/page-states';
import { useLanguage, useTranslation } from '@/i18n';
import { money } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useFollowedOrder } from '../api/get-order';
import { Amounts } from '../components/amounts';
import { DeliveredGoods } from '../components/delivered-goods';
import { orderStatusKey, OrderStatusText } from '../components/order-status';
import { OrderActions } from '../components/order-actions';
import { OrderLines } from '../components/order-lines';
import { OrderReviews } from '@/components/order-reviews';
import { PickupStoreCard } from '@/components/stores/pickup-store-card';
import { CheckoutSiblings } from '../components/checkout-siblings';
import { RefundNowOffer } from '../components/refund-now';
import { WithdrawalCard } from '../components/withdrawal';
import '../checkout.css';
import { formatDate } from '@/lib/format-date';

const when = (ms: number | null, lang: string) => (ms ? formatDate(ms, lang, 'dateTime') : null);

async function copy(text: string, ok: string, fail: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.clipboard(ok, true);
  } catch {
    toast.clipboard(fail, false);
  }
}

/** Order detail (SPEC §3 Order): every field, the items with their labels, history and actions. */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  // Read again while its goods are being issued: the status and the refund offer follow without a pull.
  const order = useFollowedOrder(orderNo, { unpaid: false });
  return (
    <PageLayout title={t('route.order-detail')}>
      <QueryState query={order}>{(o) => <OrderDetailView order={o} onRefresh={async () => void (await order.refetch())} />}</QueryState>
    </PageLayout>
  );
}

function OrderDetailView({ order: o, onRefresh }: { order: OrderDetail; onRefresh: () => Promise<void> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const kinds = o.items.map((i) => i.kind);
  const row = (label: string, value: string | null | undefined) => (value ? <List.Item extra={value}>{t(label)}</List.Item> : null);
  return (
    <>
      <PullToRefresh onRefresh={onRefresh}>
        <section className="card order-status-card">
          <OrderStatusText status={o.status} strong pickup={Boolean(o.pickupStore)} kinds={kinds} />
          {o.fulfilment ? <p className="muted order-fulfilment" role="status" style={{ marginTop: 6 }}>{t(`order.fulfilment.${o.fulfilment}`)}</p> : null}
        </section>
        {o.instantRefund ? <RefundNowOffer until={o.instantRefund.until} /> : null}
        <WithdrawalCard order={o} />
        <DeliveredGoods order={o} />
        {o.pickupStore ? <PickupStoreCard store={o.pickupStore} status={o.status} /> : null}
        {o.address ? (
          <section className="card">
            <div className="field-label">{t('order.address')}</div>
            <strong>{o.address.name} {o.address.tel}</strong>
            <div className="muted">{addressLine(o.address, lang)}</div>
          </section>
        ) : null}
        <section className="card">
          <span className="order-merchant">{t('checkout.sold-by', { name: o.merchant.name })}</span>
          <OrderLines lines={o.items} currency={o.currency} />
        </section>
        {o.checkout ? <CheckoutSiblings checkout={o.checkout} current={o.orderNo} currency={o.currency} /> : null}
        <OrderReviews order={o} />
        <Amounts a={o} physical={o.physical} coupon={o.coupon} />
        <List className="card card--list">
          <List.Item extra={<Button size="mini" onClick={() => void copy(o.orderNo, t('common.success.copy'), t('common.fail.copy'))}>{t('order.copy')}</Button>} description={o.orderNo}>
            {t('order.no')}
          </List.Item>
          {row('order.created', when(o.createdAt, lang))}
          {row('order.placed-by', o.placedByClient)}
          {row('order.pay-method', o.payMethod ? t(`order.pay.${o.payMethod}`) : null)}
          {row('order.payment-id', o.paymentTransId)}
          {row('order.paid-at', when(o.paidAt, lang))}
          {row('order.refund-id', o.refundId)}
          {row('order.refund-reason', o.refundReason ? t(`order.refund.reason.${o.refundReason}`) : null)}
          {row('order.refund-amount', o.refundAmount !== null ? money(o.refundAmount, o.currency) : null)}
          {row('order.carrier', o.carrier ? t(`enum.carrier.${o.carrier}`) : null)}
          {o.trackingNo ? (
            <List.Item
              extra={
                o.trackingUrl ? (
                  // The carrier's own tracking page, in a new tab: the shop stays where it was.
                  <a className="tracking-link" href={o.trackingUrl} target="_blank" rel="noreferrer">
                    {o.trackingNo}
                  </a>
                ) : (
                  o.trackingNo
                )
              }
            >
              {t('order.tracking-no')}
            </List.Item>
          ) : null}
          {row('order.shipped-at', when(o.shippedAt, lang))}
          {row('order.received-at', when(o.receivedAt, lang))}
        </List>
        <List className="card card--list" header={t('order.history')}>
          {o.events.map((e, i) => (
            <List.Item key={i} description={when(e.at, lang)}>
              {t(orderStatusKey(e.to, { pickup: Boolean(o.pickupStore), kinds }))}
            </List.Item>
          ))}
        </List>
      </PullToRefresh>
      <div className="action-bar">
        <OrderActions order={o} hideDetail />
      </div>
    </>
  );
}
