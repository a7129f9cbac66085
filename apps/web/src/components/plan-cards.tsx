import '@/styles/storefront.css';
import type { ProductSummary } from '@simshop/contract';
import { ProductLabels } from '@/components/product-labels';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { imageUrl } from '@/lib/images';
import { money } from '@/lib/money';
import { Link } from '@/lib/router';
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

const NETWORK_COUNTRIES_SHOWN = 3;

/**
 * The plan's networks at the destination asked for: "SoftBank, KDDI" for a country; for a region,
 * each with its country ("UK: EE, Vodafone"), when a few.
 */
function NetworksLine({ networks, region }: { networks: NonNullable<ProductSummary['networks']>; region: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const shown = networks.filter((n) => n.operators.length > 0);
  if (shown.length === 0 || shown.length > NETWORK_COUNTRIES_SHOWN) return null;
  const text = shown.length === 1 && !region ? shown[0]!.operators.join(', ') : shown.map((n) => `${countryName(n.country, lang)}: ${n.operators.join(', ')}`).join(' · ');
  return <span className="plan-card-networks">{t('plan.networks', { networks: text })}</span>;
}

/**
 * Plan cards: artwork, name, where it works (and on which networks, asked for by destination),
 * what the plans offer (the spec values: data, days), the lowest price. Each is a link to the
 * goods page, which search engines follow too.
 */
export function PlanCards({ items, region = false }: { items: readonly ProductSummary[]; region?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="plan-cards">
      {items.map((p) => (
        <li key={p.id}>
          <Link className="plan-card" to={paths.goods.getHref({ id: String(p.id) })}>
            <img className="plan-card-art" src={imageUrl(p.images)} width={72} height={72} alt="" loading="lazy" decoding="async" />
            <span className="plan-card-text">
              <span className="plan-card-name">{p.name}</span>
              <CoverageLine coverage={p.coverage} />
              {p.networks ? <NetworksLine networks={p.networks} region={region} /> : null}
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
          </Link>
        </li>
      ))}
    </ul>
  );
}
