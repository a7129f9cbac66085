import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { useLanguage } from '@/i18n';
import { useSession } from '@/lib/session';
import { ClaimButton } from '@/components/claim-button';
import { CouponCard } from '@/components/coupon-card';
import { CouponUseNow } from '@/components/coupon-use-now';
import { useClaimableCoupons, useMyCoupons, type CouponTab } from '@/lib/coupon-queries';

const TABS: readonly CouponTab[] = ['usable', 'used', 'expired'];

/** My coupons (`/pages/coupon/index`): claimed coupons by state, and the ones still to claim. */
export function CouponPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const [tab, setTab] = useState<CouponTab>('usable');
  const mine = useMyCoupons({ tab, i18n: lang });
  const claimable = useClaimableCoupons({ i18n: lang }, session.loggedIn);
  const toClaim = (claimable.data?.items ?? []).filter((c) => c.state === 'claimable');

  return (
    <PageLayout title={t('route.coupon')}>
      <Tabs activeKey={tab} onChange={(key) => setTab(key as CouponTab)}>
        {TABS.map((k) => (
          <Tabs.Tab key={k} title={t(`coupon.tab.${k}`)} />
        ))}
      </Tabs>
      <div className="coupon-list">
        {mine.isPending ? <LoadingState rows={2} /> : null}
        {mine.isError ? <ErrorState onRetry={() => void mine.refetch()} /> : null}
        {mine.data && mine.data.items.length === 0 ? <EmptyState description={t(`coupon.empty.${tab}`)} /> : null}
        {mine.data?.items.map((c) => (
          <CouponCard key={c.id} coupon={c} off={tab !== 'usable'} action={tab === 'usable' ? <CouponUseNow coupon={c} /> : <span className="coupon-card__state">{t(tab === 'used' ? 'coupon.used' : 'coupon.expired')}</span>} />
        ))}
        {tab === 'usable' ? (
          <>
            <h2 className="coupon-section-title">{t('coupon.claimable.title')}</h2>
            {claimable.isPending ? <LoadingState rows={1} /> : null}
            {claimable.isError ? <ErrorState onRetry={() => void claimable.refetch()} /> : null}
            {claimable.data && toClaim.length === 0 ? <EmptyState description={t('coupon.claimable.none')} /> : null}
            {toClaim.map((c) => (
              <CouponCard key={c.id} coupon={c} action={<ClaimButton coupon={c} />} />
            ))}
          </>
        ) : null}
      </div>
    </PageLayout>
  );
}
