import type { AdminOrderDetail } from '@simshop/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localText } from '@/lib/format';
import { useCan } from '@/lib/staff-session';

/**
 * Under an order's discount: which coupon gave it, the code typed for it, and whether its use was
 * given back (the order became invalid or was refunded). Links to the coupon for those who may see it.
 */
export function OrderCouponLine({ coupon }: { coupon: NonNullable<AdminOrderDetail['coupon']> }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const name = localText(coupon.name, i18n.language);
  return (
    <Typography.Text type="secondary" data-testid="order-coupon">
      {t('coupons.order.line')}: {can('promotions.view') ? <Link to={`/coupons/${coupon.id}`}>{name}</Link> : name}
      {coupon.code ? <> · {t('coupons.order.code')} <Typography.Text code>{coupon.code}</Typography.Text></> : null}
      {coupon.returned ? ` · ${t('coupons.order.returned')}` : null}
    </Typography.Text>
  );
}
