import { useLocation, useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { useLanguage, useTranslation } from '@/i18n';
import { destinationLabel, destinationOfPage } from '@/lib/destinations';
import { DestinationIcon } from '@/components/flag';
import { EsimCheckToggle } from '@/components/esim-check-toggle';
import { useDestinationPlans } from '../api/destination-plans';
import { PlanCards } from '@/components/plan-cards';

/**
 * The plans for a destination: at its own address (`/esim/japan`, where search engines and the
 * home's destination search lead) or the SPEC's `?country=JP`. Each plan with its price and
 * networks there, and the phone check before buying.
 */
export function DestinationPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const destination = destinationOfPage(useLocation().pathname, params);
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
      <p className="destination-intro">{t('destination.intro', { name })}</p>
      <QueryState query={plans} rows={3} isEmpty={() => items.length === 0} empty={<EmptyState title={t('destination.no-plans', { name })} />}>
        {() => (
          <section className="card" aria-label={t('destination.plans', { count: items.length })}>
            <PlanCards items={items} region={destination.kind === 'region'} />
          </section>
        )}
      </QueryState>
      <section className="card destination-phone" aria-labelledby="destination-phone-title">
        <h3 className="card-title" id="destination-phone-title">
          {t('destination.phone-title')}
        </h3>
        <p className="muted">{t('destination.phone-text')}</p>
        <EsimCheckToggle />
      </section>
    </PageLayout>
  );
}
