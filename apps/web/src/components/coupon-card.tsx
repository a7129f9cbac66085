import type { ReactNode } from 'react';
import type { ShopCoupon } from '@simshop/contract';
import { useLanguage, useTranslation } from '@/i18n';
import { money } from '@/lib/money';
import './coupons.css';
import { useFormatDate } from '@/lib/format-date';

export type CouponFace = Pick<ShopCoupon, 'name' | 'kind' | 'value' | 'maxDiscount' | 'currency' | 'minSpend' | 'startsAt' | 'endsAt'>;

/** What the coupon takes off, as its ticket's big line: "$2.00 off", "10% off", "Free shipping". */
export function couponValueText(c: Pick<CouponFace, 'kind' | 'value'> & { currency: string }, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (c.kind === 'fixed') return t('coupon.off.fixed', { amount: money(c.value, c.currency) });
  if (c.kind === 'percent') return t('coupon.off.percent', { percent: c.value });
  return t('coupon.off.free_shipping');
}

/**
 * One coupon as a ticket: the saving on the left, the name and conditions on the right, and
 * what can be done with it (claim, its state, why it does not apply) at the end.
 */
export function CouponCard({ coupon, action, note, off = false }: { coupon: CouponFace; action?: ReactNode; note?: ReactNode; off?: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const formatDate = useFormatDate();
  const date = (ms: number) => formatDate(ms, lang);
  const now = Date.now();
  return (
    <div className={off ? 'coupon-card coupon-card--off' : 'coupon-card'}>
      <div className="coupon-card__value">
        <span className="coupon-card__amount">{couponValueText(coupon, t)}</span>
        {coupon.kind === 'percent' && coupon.maxDiscount ? <span className="coupon-card__cap">{t('coupon.cap', { amount: money(coupon.maxDiscount, coupon.currency) })}</span> : null}
      </div>
      <div className="coupon-card__body">
        <span className="coupon-card__name">{coupon.name}</span>
        <span className="coupon-card__rule">{coupon.minSpend > 0 ? t('coupon.min-spend', { amount: money(coupon.minSpend, coupon.currency) }) : t('coupon.no-min')}</span>
        <span className="coupon-card__rule">
          {coupon.startsAt > now ? t('coupon.from', { date: date(coupon.startsAt) }) : coupon.endsAt ? t('coupon.until', { date: date(coupon.endsAt) }) : t('coupon.no-end')}
        </span>
        {note}
      </div>
      {action ? <div className="coupon-card__action">{action}</div> : null}
    </div>
  );
}
