import '@/styles/storefront.css';
import type { ProductSummary } from '@simshop/contract';
import { ProductLabels } from '@/components/product-labels';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { imageUrl } from '@/lib/images';
import { money } from '@/lib/money';
import { openPage } from '@/lib/open-page';
import { countryName } from '@/lib/destinations';
import { Flag } from '@/components/flag';
import { OwnCurrencyNote } from './own-currency-note';

const FLAGS_SHOWN = 5;

/** Where a plan works, in a line: five flags and "+117", or the one country's name. */
export function CoverageLine({ coverage }: { coverage: readonly string[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (coverage.length === 0) return null;
  // Only the names shown: a worldwide plan covers over a hundred countries.
  const names = coverage.slice(0, FLAGS_SHOWN).map((c) => countryName(c, lang));
  return (
    <span className="plan-coverage" aria-label={t('plan.coverage.aria', { count: coverage.length, names: names.join(', ') })}>
      <span aria-hidden="true" className="plan-flags">
        {coverage.slice(0, FLAGS_SHOWN).map((c) => (
          <Flag key={c} code={c} />
        ))}
      </span>
      <span aria-hidden="true">{coverage.length === 1 ? names[0] : coverage.length > FLAGS_SHOWN ? t('plan.coverage.more', { count: coverage.length - FLAGS_SHOWN }) : t('plan.coverage.count', { count: coverage.length })}</span>
    </span>
  );
}

/**
 * Plan cards: artwork, name, where it works, what the plans offer (the spec values:
 * data, days), the lowest price. A tap opens the goods page.
 */
export function PlanCards({ items }: { items: readonly ProductSummary[] }) {
  const { t } = useTranslation();
  return (
    <ul className="plan-cards">
      {items.map((p) => (
        <li key={p.id}>
          <button type="button" className="plan-card" onClick={() => openPage(paths.goods.getHref({ id: String(p.id) }))}>
            <img className="plan-card-art" src={imageUrl(p.images)} width={72} height={72} alt="" loading="lazy" decoding="async" />
            <span className="plan-card-text">
              <span className="plan-card-name">{p.name}</span>
              <CoverageLine coverage={p.coverage} />
              {p.specs.length ? (
                <span className="plan-card-specs">
                  {p.specs.map((g) => (
                    <span key={g.name} className="plan-spec">
                      <span className="visually-hidden">{g.name}: </span>
                      {g.values.join(' · ')}
                    </span>
                  ))}
                </span>
              ) : (
                <span className="muted plan-card-subtitle">{p.subtitle}</span>
              )}
              <ProductLabels labels={p.labels} />
              {p.soldOut ? null : <OwnCurrencyNote currency={p.currency} />}
            </span>
            <span className="plan-card-price">
              {p.soldOut ? (
                t('shop.sold-out')
              ) : (
                <>
                  <span className="plan-card-from">{p.specs.some((g) => g.values.length > 1) ? t('plan.from') : ''}</span>
                  {money(p.price, p.currency)}
                </>
              )}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
