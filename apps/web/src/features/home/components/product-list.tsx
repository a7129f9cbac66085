import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LabelFilter } from '@/components/label-filter';
import { useLanguage, useTranslation } from '@/i18n';
import { productListQuery } from '@/features/catalogue/api/list-products';
import { PlanCards } from '@/components/plan-cards';
import { TitledCard } from '@/components/titled-card';
import { useCurrency } from '@/lib/currency';

/** Every product on sale, for browsing from the home page, narrowed by label. */
export function ProductList() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [labelId, setLabelId] = useState<number | undefined>();
  // Drawn once home's own catalogue query has answered: a failure is not asked again on appearing
  // (pending again, home's body would remove this and it would ask for ever; see home-page.tsx).
  const list = useQuery({ ...productListQuery(labelId, lang, useCurrency()), retryOnMount: false });
  if (labelId === undefined && !list.data?.items.length) return null;
  return (
    <TitledCard id="all-products-title" className="product-list" title={t('shop.products')}>
      <LabelFilter value={labelId} onChange={setLabelId} />
      {list.data?.items.length ? <PlanCards items={list.data.items} /> : list.data ? <p className="muted">{t('label.no-products')}</p> : null}
    </TitledCard>
  );
}
