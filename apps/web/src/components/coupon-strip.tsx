import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { openPage } from '@/lib/open-page';
import { useSession } from '@/lib/session';
import { useClaimableCoupons } from '@/features/coupons/api/claimable-coupons';
import { ClaimButton } from './claim-button';
import { CouponCard } from './coupon-card';
import { CouponUseNow, onlyProductOf } from './coupon-use-now';

/**
 * "Coupons for you" on home and a product page (for that product when given): the coupons open
 * for claiming, each with its claim button; on home a claimed coupon for one product leads to
 * that product (home is already the catalogue; a product page is the product). Nothing shows when there is nothing to claim.
 */
export function CouponStrip({ productId }: { productId?: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const claimable = useClaimableCoupons(productId ? { i18n: lang, productId } : { i18n: lang }, session.loggedIn);
  const items = claimable.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="coupon-strip" aria-labelledby="coupon-strip-title">
      <div className="coupon-strip__head">
        <h2 className="coupon-strip__title" id="coupon-strip-title">{t('coupon.strip.title')}</h2>
        {session.loggedIn ? (
          <button type="button" className="coupon-strip__more" onClick={() => openPage(paths.coupon.path)}>
            {t('coupon.strip.more')}
          </button>
        ) : null}
      </div>
      <div className="coupon-strip__row">
        {items.map((c) => (
          <CouponCard key={c.id} coupon={c} action={!productId && c.state === 'claimed' && onlyProductOf(c) !== undefined ? <CouponUseNow coupon={c} /> : <ClaimButton coupon={c} />} />
        ))}
      </div>
    </section>
  );
}
