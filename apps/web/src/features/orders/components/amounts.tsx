import { List } from 'antd-mobile';
import type { OrderCoupon } from '@simshop/contract';
import { useTranslation } from '@/i18n';
import { money } from '@/lib/money';
import { cardFeePercent } from '@/components/card-fee';

/**
 * SPEC §3 order amounts: subtotal, freight (or free), service fee, discount, total. A digital
 * order (`physical: false`) travels nowhere, so it shows no shipping line at all.
 * Given the order's coupon, the discount line names it and the code typed for it. Before the
 * payment step, a line under the total says what paying by card comes to.
 */
export function Amounts({ a, physical = true, coupon = null, totalLabel = 'order.total', cardFee = null }: { a: { currency: string; subtotal: number; freight: number; serviceFee: number; discount: number; total: number }; physical?: boolean; coupon?: Pick<OrderCoupon, 'name' | 'code'> | null; /** "total to pay" for a checkout of several orders. */ totalLabel?: string | undefined; /** Before the payment step: what a card adds to the total, quoted under it. */ cardFee?: number | null }) {
  const { t } = useTranslation();
  return (
    <List className="card card--list amounts">
      <List.Item extra={money(a.subtotal, a.currency)}>{t('order.subtotal')}</List.Item>
      {physical || a.freight ? <List.Item extra={a.freight ? money(a.freight, a.currency) : t('order.freight.free')}>{t('order.freight')}</List.Item> : null}
      {a.serviceFee ? <List.Item extra={money(a.serviceFee, a.currency)}>{t('order.service-fee')}</List.Item> : null}
      {a.discount ? (
        <List.Item extra={`-${money(a.discount, a.currency)}`} description={coupon ? (coupon.code ? t('coupon.order-line.code', { name: coupon.name, code: coupon.code }) : coupon.name) : undefined}>
          {coupon ? t('coupon.order-line') : t('order.discount')}
        </List.Item>
      ) : null}
      <List.Item extra={<strong className="amount-total">{money(a.total, a.currency)}</strong>}>{t(totalLabel)}</List.Item>
      {cardFee ? (
        <List.Item className="amount-card" extra={money(a.total + cardFee, a.currency)} description={t('payment.card-fee.total.desc', { percent: cardFeePercent, fee: money(cardFee, a.currency), total: money(a.total, a.currency) })}>
          {t('payment.card-fee.total')}
        </List.Item>
      ) : null}
    </List>
  );
}
