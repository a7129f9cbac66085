import { Button } from 'antd-mobile';
import { mediaSrcSetOf, PAGE_IMAGE_SIZES, serverErrors, WEEKDAYS, localWeekMinute, type Store } from '@simshop/contract';
import { imageUrl } from '@/lib/images';
import { useTranslation } from '@/i18n';
import { useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { openPage } from '@/lib/open-page';
import { useStore } from '../api/get-store';
import { MapLinks } from '@/components/stores/map-links';
import { telHref } from '@/components/stores/store-actions';
import { OpenState } from '@/components/stores/open-state';
import { useNow } from '@/components/stores/use-now';
import { TitledCard } from '@/components/titled-card';
import '@/components/stores/stores.css';

/** `/pages/store/detail?id=`: a store's hours for the week (in its time zone), services and the ways there. */
export function StoreDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const store = useStore(id, valid);
  const now = useNow();
  const missing = !valid || (store.error instanceof ApiError && store.error.code === serverErrors.storeNotFound.code);

  let body;
  if (missing) {
    body = (
      <EmptyState title={t('store.missing')}>
        <Button color="primary" onClick={() => openPage(paths.store.getHref())}>
          {t('store.back-to-list')}
        </Button>
      </EmptyState>
    );
  } else {
    body = <QueryState query={store} rows={8}>{(s) => <StoreDetail store={s} now={now} />}</QueryState>;
  }
  return <PageLayout title={store.data?.name ?? t('route.store-detail')}>{body}</PageLayout>;
}

function StoreDetail({ store: s, now }: { store: Store; now: Date }) {
  const { t } = useTranslation();
  const today = localWeekMinute(now, s.timeZone).day;
  return (
    <>
      <section className="card store-card">
        {s.picture ? <img className="store-picture" src={imageUrl(s.picture, '4:3')} srcSet={mediaSrcSetOf(imageUrl(s.picture, '4:3'))} sizes={PAGE_IMAGE_SIZES} alt="" width={750} height={563} style={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 8, marginBottom: 12 }} /> : null}
        <h2 className="store-name">{s.name}</h2>
        <OpenState store={s} now={now} />
        <dl className="store-facts">
          <dt>{t('store.address')}</dt>
          <dd>
            {s.address}, {s.city}
          </dd>
          {s.phone ? (
            <>
              <dt>{t('store.phone')}</dt>
              <dd>
                <a className="store-link" href={telHref(s.phone)}>
                  {s.phone}
                </a>
              </dd>
            </>
          ) : null}
          <dt>{t('store.services')}</dt>
          <dd>
            <ul className="store-services">
              {s.services.map((x) => (
                <li key={x}>{t(`store.service.${x}`)}</li>
              ))}
            </ul>
          </dd>
        </dl>
        <p className="store-actions">
          <MapLinks store={s} />
        </p>
      </section>
      <TitledCard id="store-hours-title" title={t('store.hours')}>
        <p className="muted store-note">{t('store.hours-zone', { zone: s.timeZone })}</p>
        <table className="store-hours">
          <tbody>
            {WEEKDAYS.map((d, i) => (
              <tr key={d} className={i === today ? 'store-hours-today' : undefined} aria-current={i === today ? 'date' : undefined}>
                <th scope="row">
                  {t(`store.day.${d}`)}
                  {i === today ? <span className="muted"> ({t('store.today')})</span> : null}
                </th>
                <td>{s.hours[i]!.length ? s.hours[i]!.map((o) => `${o.open}–${o.close}`).join(', ') : t('store.day-closed')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TitledCard>
    </>
  );
}
