import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { useLanguage, useTranslation } from '@/i18n';
import { useSession } from '@/lib/session';
import { ClaimButton } from '@/components/claim-button';
import { CouponCard } from '@/components/coupon-card';
import { CouponUseNow } from '@/components/coupon-use-now';
import { useClaimableCoupons } from '../api/claimable-coupons';
import { useMyCoupons, type CouponTab } from '../api/my-coupons';

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
        <QueryState query={mine} rows={2} isEmpty={(d) => d.items.length === 0} empty={<EmptyState description={t(`coupon.empty.${tab}`)} />}>
          {(d) =>
            d.items.map((c) => (
              <CouponCard key={c.id} coupon={c} off={tab !== 'usable'} action={tab === 'usable' ? <CouponUseNow coupon={c} /> : <span className="coupon-card__state">{t(tab === 'used' ? 'coupon.used' : 'coupon.expired')}</span>} />
            ))
          }
        </QueryState>
        {tab === 'usable' ? (
          <>
            <h2 className="coupon-section-title">{t('coupon.claimable.title')}</h2>
            <QueryState query={claimable} rows={1} isEmpty={() => toClaim.length === 0} empty={<EmptyState description={t('coupon.claimable.none')} />}>
              {() =>
                toClaim.map((c) => (
                  <CouponCard key={c.id} coupon={c} action={<ClaimButton coupon={c} />} />
                ))
              }
            </QueryState>
          </>
        ) : null}
      </div>
    </PageLayout>
  );
}
