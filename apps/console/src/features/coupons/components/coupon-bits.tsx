import { formatMoney, type AdminCoupon, type CouponStatus } from '@simshop/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

// Dark text on a pale ground, each pair above 4.5:1 (antd's preset tag colours are not).
const COLORS: Record<CouponStatus, [string, string, string]> = {
  active: ['#135200', '#f6ffed', '#b7eb8f'],
  scheduled: ['#0b4a9e', '#e6f4ff', '#91caff'],
  paused: ['#7c4a03', '#fffbe6', '#ffe58f'],
  ended: ['#434343', '#fafafa', '#d9d9d9'],
  used_up: ['#820014', '#fff1f0', '#ffa39e'],
};

export function CouponStatusTag({ status }: { status: CouponStatus }) {
  const { t } = useTranslation();
  const [color, background, border] = COLORS[status];
  return <Tag style={{ color, background, borderColor: border }}>{t(`coupons.status.${status}`)}</Tag>;
}

/** "US$2.00 off", "10% off (at most US$5.00)", "Free shipping". */
export function couponValue(c: Pick<AdminCoupon, 'kind' | 'value' | 'maxDiscount' | 'currency'>, t: TFunction): string {
  if (c.kind === 'fixed') return `${t('coupons.kind.fixed')} ${formatMoney(c.value, c.currency)}`;
  if (c.kind === 'percent') return `${t('coupons.kind.percent')} ${c.value}%${c.maxDiscount ? ` ≤ ${formatMoney(c.maxDiscount, c.currency)}` : ''}`;
  return t('coupons.kind.free_shipping');
}
