import { Button } from 'antd-mobile';
import { ChipChoices } from '@/components/chip-choices';
import { Tick } from '@/components/tick';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { distanceKm } from '@simshop/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/i18n';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { useStores } from '../api/list-stores';
import { isOpen } from '@/components/stores/open-state';
import { StoreCard } from '../components/store-card';
import { useLocation } from '@/components/stores/use-location';
import { useNow } from '@/components/stores/use-now';
import '@/components/stores/stores.css';

const ALL = '';

/**
 * `/pages/store/index`: the stores, nearest first once the visitor shares their location, by
 * city otherwise; "open now" is worked out in each store's own time zone.
 */
export function StoreListPage() {
  const { t } = useTranslation();
  const stores = useStores();
  const now = useNow();
  const { location, locate } = useLocation();
  const [city, setCity] = useState(ALL);
  const [openOnly, setOpenOnly] = useState(false);
  const cities = useMemo(() => [...new Set((stores.data?.items ?? []).map((s) => s.city))], [stores.data]);

  const shown = useMemo(() => {
    const here = location.status === 'located' ? location : null;
    const rows = (stores.data?.items ?? [])
      .filter((s) => city === ALL || s.city === city)
      .filter((s) => !openOnly || isOpen(s, now))
      .map((s) => ({ store: s, km: here ? distanceKm(here, s) : null }));
    return here ? rows.sort((a, b) => a.km! - b.km!) : rows;
  }, [stores.data, city, openOnly, now, location]);

  return (
    <PageLayout title={t('route.store')}>
      <section className="card store-filters" aria-label={t('store.city')}>
        <div className="store-locate">
          {location.status === 'located' ? (
            <span className="store-sorted">
              <EnvironmentOutline aria-hidden /> {t('store.sorted-by-distance')}
            </span>
          ) : (
            <Button size="small" fill="outline" color="primary" loading={location.status === 'locating'} onClick={locate}>
              <EnvironmentOutline aria-hidden /> {t('store.near-me')}
            </Button>
          )}
          <Tick checked={openOnly} onChange={setOpenOnly}>
            {t('store.open-only')}
          </Tick>
        </div>
        {location.status === 'locating' ? <p className="muted store-note">{t('store.locating')}</p> : null}
        {location.status === 'denied' ? <p className="muted store-note" role="status">{t('store.location-denied')}</p> : null}
        {cities.length > 1 ? (
          <ChipChoices
            label={t('store.city')}
            columns={3}
            value={city}
            onChange={setCity}
            options={[{ label: t('store.city.all'), value: ALL }, ...cities.map((c) => ({ label: c, value: c }))]}
          />
        ) : null}
      </section>
      <PullToRefresh onRefresh={async () => void (await stores.refetch())}>
        <div className="store-list">
          <QueryState query={stores} rows={6} isEmpty={() => shown.length === 0} empty={<EmptyState title={t('store.empty')} description={t('store.empty.desc')} />}>
            {() => shown.map(({ store, km }) => <StoreCard key={store.id} store={store} now={now} km={km} />)}
          </QueryState>
        </div>
      </PullToRefresh>
    </PageLayout>
  );
}
