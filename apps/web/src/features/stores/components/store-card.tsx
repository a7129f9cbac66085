import type { Store } from '@simshop/contract';
import { useTranslation } from '@/i18n';
import { BASENAME, paths } from '@/config/paths';
import { openPage } from '@/lib/open-page';
import { StoreActions } from '@/components/stores/store-actions';
import { OpenState } from '@/components/stores/open-state';
import { distanceText } from '@/components/stores/distance-text';

/** A store in the list: name, open now or when, address, distance, services and the ways there. */
export function StoreCard({ store, now, km }: { store: Store; now: Date; km: number | null }) {
  const { t } = useTranslation();
  const href = paths['store-detail'].getHref({ id: store.id });
  return (
    <article className="card store-card" aria-labelledby={`store-${store.id}`}>
      <h2 id={`store-${store.id}`} className="store-name">
        <a
          href={`${BASENAME}${href}`}
          onClick={(e) => {
            e.preventDefault();
            openPage(href);
          }}
        >
          {store.name}
        </a>
      </h2>
      <OpenState store={store} now={now} />
      <p className="store-address">
        {store.address}
        {km === null ? null : <span className="store-distance"> · {distanceText(t, km)}</span>}
      </p>
      <ul className="store-services" aria-label={t('store.services')}>
        {store.services.map((s) => (
          <li key={s}>{t(`store.service.${s}`)}</li>
        ))}
      </ul>
      <StoreActions store={store} />
    </article>
  );
}
