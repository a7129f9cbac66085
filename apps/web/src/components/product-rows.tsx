import { Picture } from '@/components/picture';
import { useTranslation } from '@/i18n';
import type { ProductSummary } from '@simshop/contract';
import { paths } from '@/config/paths';
import { imageUrl } from '@/lib/images';
import { money } from '@/lib/money';
import { openPage } from '@/lib/open-page';
import { OwnCurrencyNote } from './own-currency-note';
import { ProductLabels } from './product-labels';

/** Product cards: image, name with labels, subtitle, price; a tap opens the goods page. */
export function ProductRows({ items }: { items: readonly ProductSummary[] }) {
  const { t } = useTranslation();
  return (
    <ul>
      {items.map((p) => (
        <li key={p.id}>
          <button type="button" className="product-row" onClick={() => openPage(paths.goods.getHref({ id: String(p.id) }))}>
            <Picture src={imageUrl(p.images)} width={64} height={64} fit="contain" alt="" lazy />
            <span className="product-row-text">
              <span className="product-row-name">{p.name}</span>
              <span className="muted">{p.subtitle}</span>
              <ProductLabels labels={p.labels} />
              {p.soldOut ? null : <OwnCurrencyNote currency={p.currency} />}
            </span>
            <span className="product-row-price">{p.soldOut ? t('shop.sold-out') : money(p.price, p.currency)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
