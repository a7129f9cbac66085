import type { Store } from '@simshop/contract';
import { useTranslation } from '@/i18n';
import { MapLinks } from './map-links';

/** A `tel:` link dials digits only: spaces, dashes and brackets of the shown number are dropped. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`;

/** The ways to a store, wherever a store is shown: maps app, web map, and a call if it has a phone. */
export function StoreActions({ store }: { store: Pick<Store, 'name' | 'lat' | 'lng' | 'phone'> }) {
  const { t } = useTranslation();
  return (
    <p className="store-actions">
      <MapLinks store={store} />
      {store.phone ? (
        <a className="store-link" href={telHref(store.phone)}>
          {t('store.call', { phone: store.phone })}
        </a>
      ) : null}
    </p>
  );
}
