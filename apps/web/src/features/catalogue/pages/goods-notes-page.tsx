import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { QueryState } from '@/components/page-states';
import { useLanguage, useTranslation } from '@/i18n';
import { useSession } from '@/lib/session';
import { productDetailQuery } from '../api/get-product';
import { useCurrency } from '@/lib/currency';

/** The purchase agreement of a product (SPEC §2 goods-notes). */
export function GoodsNotesPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const currency = useCurrency();
  const session = useSession();
  const [params] = useSearchParams();
  const product = useQuery(productDetailQuery(Number(params.get('id')), lang, session.reseller, currency));
  return (
    <PageLayout title={t('route.goods-notes')}>
      <QueryState query={product}>
        {(p) => (
          <article className="card">
            <h2 className="card-title">{p.name}</h2>
            <p className="agreement">{p.agreement}</p>
          </article>
        )}
      </QueryState>
    </PageLayout>
  );
}
