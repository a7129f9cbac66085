import { Button, List } from 'antd-mobile';
import { BASE_MB_PER_DAY, ESTIMATE_MARGIN, estimateTripMb, formatVolume, HOURS_MAX, TRIP_DAYS_MAX, USAGE_MB_PER_HOUR, type TripProfile } from '@simshop/contract';
import { useState } from 'react';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { money } from '@/lib/money';
import { useDataPlans } from '../api/data-plans';
import { NumberStepper } from '../components/number-stepper';
import '../tools.css';
import { ListRow } from '@/components/list-row';

const ACTIVITIES = ['maps', 'social', 'video'] as const;

/** GB with one decimal, the way plans are sold ("3.5 GB"). */
const gb = (mb: number) => `${Math.round((mb / 1024) * 10) / 10} GB`;

/** Data estimator: days abroad and hours of maps, social and video → GB, and the plans that fit. */
export default function DataEstimatorPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [profile, setProfile] = useState<TripProfile>({ days: 7, maps: 1, social: 2, video: 0 });
  const [asked, setAsked] = useState<{ days: number; mb: number } | null>(null);
  const mb = estimateTripMb(profile);
  const perDay = BASE_MB_PER_DAY + ACTIVITIES.reduce((sum, a) => sum + profile[a] * USAGE_MB_PER_HOUR[a], 0);
  const plans = useDataPlans(asked ? { ...asked, i18n: lang } : null);
  const set = (key: keyof TripProfile) => (value: number) => setProfile((p) => ({ ...p, [key]: value }));

  return (
    <PageLayout title={t('route.tool-data-estimator')}>
      <form
        className="card tool-steppers"
        onSubmit={(e) => {
          e.preventDefault();
          setAsked({ days: profile.days, mb });
        }}
      >
        <div className="tool-stepper-row">
          <span>{t('tools.data.days')}</span>
          <NumberStepper label={t('tools.data.days')} value={profile.days} min={1} max={TRIP_DAYS_MAX} onChange={set('days')} />
        </div>
        <p className="tool-field-label">{t('tools.data.usage')}</p>
        {ACTIVITIES.map((activity) => (
          <div key={activity} className="tool-stepper-row">
            <span>{t(`tools.data.${activity}`)}</span>
            <NumberStepper label={t(`tools.data.${activity}`)} value={profile[activity]} min={0} max={HOURS_MAX} onChange={set(activity)} />
          </div>
        ))}
        <div role="status">
          <p className="tool-estimate">{t('tools.data.estimate', { amount: gb(mb) })}</p>
          <p className="tool-hint">{t('tools.data.estimate.hint', { perDay: formatVolume(Math.round(perDay * ESTIMATE_MARGIN)) })}</p>
        </div>
        <Button block color="primary" type="submit" loading={plans.isFetching}>
          {t('tools.data.find')}
        </Button>
      </form>
      {asked === null ? null : (
        <QueryState query={plans} rows={3} isEmpty={(d) => d.items.length === 0} empty={<EmptyState description={t('tools.data.plans.none')} />}>
          {(d) => (
            <List className="card card--list" header={t('tools.data.plans')}>
              {d.items.map((plan) => (
                <ListRow
                  key={plan.skuId}
                  description={`${plan.dataMb === null ? t('tools.data.plan.unlimited') : gb(plan.dataMb)} · ${t('tools.data.plan.days', { days: plan.days })}`}
                  extra={<strong>{money(plan.price, plan.currency)}</strong>}
                  to={paths.goods.getHref({ id: plan.productId })}
                >
                  {plan.name}
                </ListRow>
              ))}
            </List>
          )}
        </QueryState>
      )}
    </PageLayout>
  );
}
