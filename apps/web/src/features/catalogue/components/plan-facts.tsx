import { useState } from 'react';
import type { ProductDetail, Sku } from '@simshop/contract';
import { useLanguage, useTranslation } from '@/i18n';
import { money } from '@/lib/money';
import { countryName } from '@/lib/destinations';
import { EsimCheckToggle } from '@/components/esim-check-toggle';
import { Flag } from '@/components/flag';
import { TitledCard } from '@/components/titled-card';
import '../catalogue.css';

/** Countries listed before "Show all". */
const FIRST = 12;

/** A plan's data as sold: GB from 1000 MB (1 GB = 1000 MB), exact to the MB. */
const planData = (mb: number) => (mb >= 1000 ? `${Number((mb / 1000).toFixed(3))} GB` : `${mb} MB`);

/**
 * What a traveller checks before buying: where it works and on which networks, data
 * and validity of the chosen plan, when the days start, hotspot, how it is delivered and at what
 * cost, and for an eSIM whether the phone can take one.
 */
export function PlanFacts({ product, chosen, sku }: { product: ProductDetail; chosen: readonly string[]; sku: Sku | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [allCountries, setAllCountries] = useState(false);
  const travel = product.travel;
  const coverage = product.coverage;
  const networks = new Map((travel?.networks ?? []).map((n) => [n.country, n.operators]));
  const shown = allCountries ? coverage : coverage.slice(0, FIRST);
  const esim = product.kind === 'esim';
  const physical = product.kind === 'sim';

  if (!travel && coverage.length === 0 && !esim && !physical) return null;
  return (
    <TitledCard id="plan-facts-title" className="plan-facts" level={3} title={t('plan-facts.title')}>
      <dl className="plan-facts-list">
        {product.specs.map((g, i) => (
          <div key={g.name} className="plan-fact">
            <dt>{g.name}</dt>
            <dd>{chosen[i] ?? g.values.join(' · ')}</dd>
          </div>
        ))}
        {sku?.validityDays ? (
          <div className="plan-fact">
            <dt>{t('plan-facts.allowance')}</dt>
            <dd>{t('plan-facts.allowance.data', { data: sku.dataMb === null ? t('plan-facts.allowance.unlimited') : planData(sku.dataMb), days: t('plan-facts.allowance.days', { count: sku.validityDays }) })}</dd>
          </div>
        ) : null}
        {travel ? (
          <>
            <div className="plan-fact">
              <dt>{t('plan-facts.validity-starts')}</dt>
              <dd>{t(`plan-facts.starts.${travel.validityStarts}`)}</dd>
            </div>
            <div className="plan-fact">
              <dt>{t('plan-facts.hotspot')}</dt>
              <dd>{t(travel.hotspot ? 'plan-facts.hotspot.yes' : 'plan-facts.hotspot.no')}</dd>
            </div>
          </>
        ) : null}
        <div className="plan-fact">
          <dt>{t('plan-facts.delivery')}</dt>
          <dd>{esim ? t('plan-facts.delivery.esim') : physical ? (product.freight > 0 ? t('plan-facts.delivery.courier', { cost: money(product.freight, product.currency) }) : t('plan-facts.delivery.courier-free')) : t('plan-facts.delivery.online')}</dd>
        </div>
      </dl>
      {coverage.length ? (
        <div className="plan-coverage-block">
          <h4 className="plan-facts-sub">{t('plan-facts.coverage', { count: coverage.length })}</h4>
          <ul className="plan-countries">
            {shown.map((code) => (
              <li key={code}>
                <span aria-hidden="true" className="plan-country-flag">
                  <Flag code={code} />
                </span>
                <span className="plan-country-name">{countryName(code, lang)}</span>
                {networks.get(code)?.length ? <span className="plan-country-networks">{networks.get(code)!.join(', ')}</span> : null}
              </li>
            ))}
          </ul>
          {coverage.length > FIRST ? (
            <button type="button" className="plan-link-button" aria-expanded={allCountries} onClick={() => setAllCountries((v) => !v)}>
              {allCountries ? t('plan-facts.show-fewer') : t('plan-facts.show-all', { count: coverage.length })}
            </button>
          ) : null}
        </div>
      ) : null}
      {esim ? (
        <div className="plan-compat">
          <EsimCheckToggle />
        </div>
      ) : null}
    </TitledCard>
  );
}
