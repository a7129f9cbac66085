import { Button } from 'antd-mobile';
import { useTranslation } from '@/i18n';
import type { ShopCoupon } from '@simshop/contract';
import { openPage } from '@/lib/open-page';

/** The one product a coupon is for, if it is for just one. */
export const onlyProductOf = (coupon: Pick<ShopCoupon, 'productIds'>): number | undefined => (coupon.productIds.length === 1 ? coupon.productIds[0] : undefined);

/**
 * "Use now" on a claimed coupon: the one product it is for, or the catalogue (home) when it
 * covers several products or whole kinds; checkout then suggests it.
 */
export function CouponUseNow({ coupon }: { coupon: Pick<ShopCoupon, 'name' | 'productIds'> }) {
  const { t } = useTranslation();
  const only = onlyProductOf(coupon);
  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      className="coupon-none"
      aria-label={t('coupon.use-now.aria', { name: coupon.name })}
      onClick={() => (only !== undefined ? openPage('goods', { query: { id: only } }) : openPage('home'))}
    >
      {t('coupon.use-now')}
    </Button>
  );
}
