import { Image } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useLanguage } from '@/i18n';
import { imageUrl } from '@/lib/images';
import { money } from '@/lib/money';
import { openPage } from '@/lib/open-page';

/** Every product on sale, for browsing from the home page. */
export function ProductList() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const list = useQuery({ queryKey: ['product', 'list', lang, 'all'], queryFn: ({ signal }) => call('product', 'list', { page: 1, size: 50, i18n: lang }, { signal }) });
  if (!list.data?.items.length) return null;
  return (
    <section className="card product-list">
      <h2 className="card-title">{t('shop.products')}</h2>
      <ul>
        {list.data.items.map((p) => (
          <li key={p.id}>
            <button type="button" className="product-row" onClick={() => openPage(paths.goods.getHref({ id: String(p.id) }))}>
              <Image src={imageUrl(p.images)} width={64} height={64} fit="cover" alt="" />
              <span className="product-row-text">
                <span className="product-row-name">{p.name}</span>
                <span className="muted">{p.subtitle}</span>
              </span>
              <span className="product-row-price">{p.soldOut ? t('shop.sold-out') : money(p.price, p.currency)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
