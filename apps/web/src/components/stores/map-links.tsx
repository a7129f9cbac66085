import { storeMapLinks, type Store } from '@simshop/contract';
import { useTranslation } from '@/i18n';

/** Opens the address in the phone's maps app (`geo:`) or, anywhere, in a web map. */
export function MapLinks({ store }: { store: Pick<Store, 'name' | 'lat' | 'lng'> }) {
  const { t } = useTranslation();
  const links = storeMapLinks(store);
  return (
    <span className="store-links">
      <a className="store-link" href={links.geo}>
        {t('store.map')}
      </a>
      <a className="store-link" href={links.web} target="_blank" rel="noopener noreferrer">
        {t('store.map-web')}
      </a>
    </span>
  );
}
