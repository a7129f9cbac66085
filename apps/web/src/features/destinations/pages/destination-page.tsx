import { useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { useLanguage, useTranslation } from '@/i18n';
import { destinationFromQuery, destinationLabel } from '@/lib/destinations';
import { DestinationIcon } from '@/components/flag';
import { useDestinationPlans } from '../api/destination-plans';
import { PlanCards } from '@/components/plan-cards';

/** The plans for a destination picked in the home search. */
export function DestinationPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const destination = destinationFromQuery(params);
  const plans = useDestinationPlans(destination, lang);
  if (!destination) {
    return (
      <PageLayout title={t('route.destination')}>
        <EmptyState title={t('destination.unknown')} />
      </PageLayout>
    );
  }
  const name = destinationLabel(destination, lang);
  const items = plans.data?.items ?? [];
  return (
    <PageLayout title={t('destination.page-title', { name })}>
      <section className="card destination-head">
        <span className="destination-head-flag" aria-hidden="true">
          <DestinationIcon destination={destination} />
        </span>
        <div>
          <h2 className="destination-head-name">{name}</h2>
          {plans.data ? <p className="muted">{t('destination.plans', { count: items.length })}</p> : null}
        </div>
      </section>
      <QueryState query={plans} rows={3} isEmpty={() => items.length === 0} empty={<EmptyState title={t('destination.no-plans', { name })} />}>
        {() => (
          <section className="card" aria-label={t('destination.plans', { count: items.length })}>
            <PlanCards items={items} />
          </section>
        )}
      </QueryState>
    </PageLayout>
  );
}
