import { Button } from 'antd-mobile';
import type { ShopCoupon } from '@simshop/contract';
import { useLanguage, useTranslation } from '@/i18n';
import { openPage } from '@/lib/open-page';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useClaimCoupon } from '@/features/coupons/api/claim-coupon';

/** Claim (or sign in to claim) a coupon; once claimed it says so instead. */
export function ClaimButton({ coupon }: { coupon: ShopCoupon }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const claim = useClaimCoupon();
  if (coupon.state !== 'claimable') return <span className="coupon-card__state">{t(coupon.state === 'claimed' ? 'coupon.claimed' : coupon.state === 'used' ? 'coupon.used' : 'coupon.expired')}</span>;
  if (!session.loggedIn) {
    return (
      <Button size="small" color="primary" fill="outline" className="coupon-none" onClick={() => openPage('login')}>
        {t('coupon.claim.sign-in')}
      </Button>
    );
  }
  return (
    <Button
      size="small"
      color="primary"
      className="coupon-none"
      loading={claim.isPending}
      aria-label={t('coupon.claim.aria', { name: coupon.name })}
      onClick={() => claim.mutate({ couponId: coupon.id, i18n: lang }, { onSuccess: () => toast.success(t('coupon.claim.done')) })}
    >
      {t('coupon.claim')}
    </Button>
  );
}
