import type { OrderDetail } from '@simshop/contract';
import { Dialog } from 'antd-mobile';
import { useLanguage, useTranslation } from '@/i18n';
import { formatDate } from '@/lib/format-date';
import { money } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useRefundNow } from '../api/refund-now';

type Refundable = Pick<OrderDetail, 'orderNo' | 'total' | 'currency' | 'payMethod'>;
const WHERE = new Set(['balance', 'sandbox', 'card', 'wechat']);

/** What the order page says while "Refund now" holds: until when, without a reason. */
export function RefundNowOffer({ until }: { until: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <section className="card refund-now-offer" role="note">
      <p style={{ margin: 0 }}>{t('order.refund-now.offer', { date: formatDate(until, lang, 'dateTime') })}</p>
    </section>
  );
}

/**
 * "Refund now": one confirmation that says where the money goes and that the eSIM stops working,
 * then the refund by rule. Resolves true when refunded (false when the customer kept the eSIM).
 */
export function useRefundNowFlow() {
  const { t } = useTranslation();
  const refund = useRefundNow();
  return async (order: Refundable): Promise<boolean> => {
    const where = t(`order.refund-now.where.${order.payMethod && WHERE.has(order.payMethod) ? order.payMethod : 'other'}`);
    const ok = await Dialog.confirm({
      title: t('order.refund-now.title'),
      content: t('order.refund-now.what', { amount: money(order.total, order.currency), where }),
      confirmText: t('order.refund-now.confirm'),
      cancelText: t('order.refund-now.keep'),
    });
    if (!ok) return false;
    await refund.mutateAsync({ orderNo: order.orderNo });
    toast.success(t('order.refund-now.done'));
    return true;
  };
}
