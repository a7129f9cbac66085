import { PullToRefresh } from '@/components/pull-to-refresh';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@/lib/router';
import { serverErrors } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { allQueries, EmptyState, QueryState } from '@/components/page-states';
import { ProductLabels } from '@/components/product-labels';
import { ProductRows } from '@/components/product-rows';
import { useLanguage, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { productListQuery } from '@/features/catalogue/api/list-products';
import { labelDetailQuery } from '../api/get-label';
import { useCurrency } from '@/lib/currency';

/** `/pages/label/index?id=`: the products on sale carrying one label. */
export function LabelPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const currency = useCurrency();
  const label = useQuery({ ...labelDetailQuery(id, lang), enabled: valid });
  const products = useQuery({ ...productListQuery(id, lang, currency), enabled: valid });
  const title = label.data ? t('label.title', { label: label.data.text }) : t('route.label');

  const body = () => {
    if (!valid || (label.error instanceof ApiError && label.error.code === serverErrors.labelNotFound.code)) return <EmptyState title={t('res.label.not-found')} />;
    return (
      <QueryState query={allQueries(label, products)} rows={3}>
        {([l, list]) => (
          <section className="card product-list">
            <div className="label-head">
              <ProductLabels labels={[l]} />
              <span className="muted">{t('label.count', { count: list.total })}</span>
            </div>
            {list.items.length ? <ProductRows items={list.items} /> : <EmptyState title={t('label.no-products')} />}
          </section>
        )}
      </QueryState>
    );
  };

  return (
    <PageLayout title={title}>
      <PullToRefresh onRefresh={async () => void (await Promise.all([label.refetch(), products.refetch()]))}>
        <main className="page-body">{body()}</main>
      </PullToRefresh>
    </PageLayout>
  );
}
