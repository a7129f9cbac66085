import { Button } from 'antd-mobile';
import { serverErrors, type MerchantDetail } from '@simshop/contract';
import { useTranslation } from '@/i18n';
import { useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { PlanCards } from '@/components/plan-cards';
import { TitledCard } from '@/components/titled-card';
import { BASENAME, paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { imageUrl } from '@/lib/images';
import { openPage } from '@/lib/open-page';
import { useMerchantPage } from '../api/merchants';
import './merchants.css';

/** `/pages/shop/index?id=`: a merchant's shop: who it is, its products as plan cards, the labels they carry, its stores. */
export function ShopPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const page = useMerchantPage(id, valid);
  const missing = !valid || (page.error instanceof ApiError && page.error.code === serverErrors.merchantNotFound.code);

  let body;
  if (missing) {
    body = (
      <EmptyState title={t('res.merchant.not-found')}>
        <Button color="primary" onClick={() => openPage(paths.home.getHref())}>
          {t('merchant.back-home')}
        </Button>
      </EmptyState>
    );
  } else {
    body = <QueryState query={page} rows={6}>{(m) => <MerchantShop merchant={m} />}</QueryState>;
  }
  return <PageLayout title={page.data?.name ?? t('route.shop')}>{body}</PageLayout>;
}

function MerchantShop({ merchant: m }: { merchant: MerchantDetail }) {
  const { t } = useTranslation();
  const logo = imageUrl(m.logo) ?? null;
  return (
    <>
      <section className="card merchant-head" aria-labelledby="merchant-name">
        {logo ? <img className="merchant-logo" src={logo} alt="" width={56} height={56} /> : <span className="merchant-logo merchant-logo--letter" aria-hidden="true">{m.name.slice(0, 1)}</span>}
        <div>
          <h2 id="merchant-name" className="merchant-name">
            {m.name}
          </h2>
          {m.description ? <p className="muted merchant-description">{m.description}</p> : null}
        </div>
      </section>
      {m.labels.length ? (
        <ul className="merchant-labels" aria-label={t('merchant.labels')}>
          {m.labels.map((l) => (
            <li key={l.id}>
              <a className="merchant-label" style={{ background: l.color }} href={`${BASENAME}${paths.label.getHref({ id: l.id })}`} onClick={(e) => { e.preventDefault(); openPage(paths.label.getHref({ id: l.id })); }}>
                {l.text}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby="merchant-products">
        <h2 id="merchant-products" className="merchant-section-title">
          {t('merchant.products', { count: m.products.length })}
        </h2>
        {m.products.length ? <PlanCards items={m.products} /> : <EmptyState title={t('merchant.no-products')} />}
      </section>
      {m.stores.length ? (
        <TitledCard id="merchant-stores" title={t('merchant.stores')}>
          <ul className="merchant-stores">
            {m.stores.map((s) => (
              <li key={s.id}>
                <a href={`${BASENAME}${paths['store-detail'].getHref({ id: s.id })}`} onClick={(e) => { e.preventDefault(); openPage(paths['store-detail'].getHref({ id: s.id })); }}>
                  {s.name}
                </a>
                <span className="muted">
                  {' '}
                  {s.address}, {s.city}
                </span>
              </li>
            ))}
          </ul>
        </TitledCard>
      ) : null}
    </>
  );
}
