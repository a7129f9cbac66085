import { OrderStatus, type Store } from '@simshop/contract';
import { useTranslation } from '@/i18n';
import { StoreActions } from './store-actions';
import { OpenState } from './open-state';
import { useNow } from './use-now';
import { TitledCard } from '@/components/titled-card';
import './stores.css';

/** On an order collected at a store: which store, whether it is ready, and the way there. */
export function PickupStoreCard({ store, status }: { store: Store; status: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const state = status === OrderStatus.readyForPickup ? t('pickup.ready') : status === OrderStatus.received || status === OrderStatus.completed ? t('pickup.collected') : status === OrderStatus.paid ? t('pickup.waiting') : null;
  return (
    <TitledCard id="pickup-store-title" className="store-card pickup-store-card" title={t('pickup.store')}>
      {state ? (
        <p className="pickup-state" role="status">
          {state}
        </p>
      ) : null}
      <strong className="store-name">{store.name}</strong>
      <OpenState store={store} now={now} />
      <p className="store-address">
        {store.address}, {store.city}
      </p>
      <StoreActions store={store} />
    </TitledCard>
  );
}
