import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LabelFilter } from '@/components/label-filter';
import { useLanguage, useTranslation } from '@/i18n';
import { productListQuery } from '@/features/catalogue/api/list-products';
import { PlanCards } from '@/components/plan-cards';

/** Every product on sale, for browsing from the home page, narrowed by label. */
export function ProductList() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [labelId, setLabelId] = useState<number | undefined>();
  const list = useQuery(productListQuery(labelId, lang));
  if (labelId === undefined && !list.data?.items.length) return null;
  return (
    <section className="card product-list" aria-labelledby="all-products-title">
      <h2 className="card-title" id="all-products-title">{t('shop.products')}</h2>
      <LabelFilter value={labelId} onChange={setLabelId} />
      {list.data?.items.length ? <PlanCards items={list.data.items} /> : list.data ? <p className="muted">{t('label.no-products')}</p> : null}
    </section>
  );
}
