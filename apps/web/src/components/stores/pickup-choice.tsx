import { distanceKm } from '@simshop/contract';
import { useTranslation } from '@/i18n';
import { useStores } from '@/features/stores/api/list-stores';
import type { PickupChoice } from './use-pickup-choice';
import { distanceText } from './distance-text';
import { OpenState } from './open-state';
import { useLocation } from './use-location';
import { useNow } from './use-now';
import { TitledCard } from '@/components/titled-card';
import './stores.css';

/**
 * Checkout's "how to receive it" for orders with SIM cards: delivery to an address, or pickup
 * at a store of the order's merchant that hands out orders (nearest first when the location is
 * shared; no freight).
 */
export function PickupChoiceCard({ choice, onChange, merchantId }: { choice: PickupChoice; onChange: (c: PickupChoice) => void; merchantId: number | undefined }) {
  const { t } = useTranslation();
  const stores = useStores(true, merchantId);
  const now = useNow();
  const { location } = useLocation();
  const here = location.status === 'located' ? location : null;
  const items = (stores.data?.items ?? []).map((s) => ({ store: s, km: here ? distanceKm(here, s) : null }));
  if (here) items.sort((a, b) => a.km! - b.km!);
  const noStores = stores.isSuccess && items.length === 0;

  return (
    <TitledCard id="pickup-title" className="pickup-choice" title={t('pickup.title')}>
      {/* Two buttons rather than radios: the page's own radios (the paper card) stay the only ones. */}
      <div className="pickup-modes" role="group" aria-label={t('pickup.title')}>
        <button type="button" className="pickup-mode" aria-pressed={choice.mode === 'delivery'} onClick={() => onChange({ mode: 'delivery', storeId: null })}>
          {t('pickup.delivery')}
        </button>
        <button type="button" className="pickup-mode" aria-pressed={choice.mode === 'store'} disabled={noStores} onClick={() => onChange({ mode: 'store', storeId: choice.storeId })}>
          {t('pickup.at-store')}
          <span className="pickup-mode-note">{t('pickup.free')}</span>
        </button>
      </div>
      {noStores ? <p className="muted store-note">{t('pickup.none')}</p> : null}
      {choice.mode === 'store' && items.length > 0 ? (
        <ul className="pickup-stores" aria-label={t('pickup.choose')}>
          {items.map(({ store, km }) => (
            <li key={store.id}>
              <button type="button" className="pickup-store" aria-pressed={choice.storeId === store.id} onClick={() => onChange({ mode: 'store', storeId: store.id })}>
                <span className="pickup-store-name">{store.name}</span>
                <OpenState store={store} now={now} />
                <span className="store-address">
                  {store.address}, {store.city}
                  {km === null ? null : <span className="store-distance"> · {distanceText(t, km)}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </TitledCard>
  );
}
