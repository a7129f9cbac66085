import { useId, useMemo, useState } from 'react';
import '@/styles/storefront.css';
import type { ProductSummary } from '@simshop/contract';
import { useLanguage, useTranslation } from '@/i18n';
import { Link, useNavigate } from '@/lib/router';
import { DestinationIcon, Flag, GlobeIcon } from '@/components/flag';
import { coveredCountries, destinationLabel, destinationPath, REGIONS, searchDestinations } from '@/lib/destinations';

/** Countries offered as one-tap choices before anything is typed, when some plan covers them. */
const POPULAR = ['JP', 'TH', 'KR', 'CN', 'US', 'FR', 'GB', 'SG'];

/**
 * "Where are you going?": type a country or region in either language, pick it, see
 * the plans covering it. The places come from the products' coverage, so every answer has a plan.
 * Each is a link to its destination page (`/esim/japan`), which search engines follow too.
 */
export function DestinationSearch({ products }: { products: readonly ProductSummary[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const inputId = useId();
  const listId = useId();
  const hits = useMemo(() => searchDestinations(query, products, lang), [query, products, lang]);
  const covered = useMemo(() => coveredCountries(products), [products]);
  const regions = REGIONS.filter((r) => r.countries.some((c) => covered.has(c)));
  const popular = POPULAR.filter((c) => covered.has(c));
  if (covered.size === 0) return null;

  return (
    <section className="card destination-search" aria-labelledby={`${inputId}-title`}>
      <h2 className="destination-title" id={`${inputId}-title`}>
        {t('destination.title')}
      </h2>
      <label className="destination-input" htmlFor={inputId}>
        <span className="visually-hidden">{t('destination.search')}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={inputId}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder={t('destination.placeholder')}
          value={query}
          aria-controls={listId}
          aria-describedby={`${listId}-status`}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && hits[0]) navigate(destinationPath(hits[0].destination));
          }}
        />
      </label>
      <p className="visually-hidden" id={`${listId}-status`} aria-live="polite">
        {query.trim() ? t('destination.count', { count: hits.length }) : ''}
      </p>
      {query.trim() ? (
        hits.length ? (
          <ul className="destination-hits" id={listId}>
            {hits.map((hit) => (
              <li key={hit.destination.kind === 'country' ? hit.destination.code : hit.destination.key}>
                <Link className="destination-hit" to={destinationPath(hit.destination)}>
                  <span className="destination-flag" aria-hidden="true">
                    <DestinationIcon destination={hit.destination} />
                  </span>
                  <span className="destination-hit-name">{hit.label}</span>
                  <span className="destination-hit-plans">{t('destination.plans', { count: hit.plans })}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted destination-none" id={listId}>
            {t('destination.none', { query: query.trim() })}
          </p>
        )
      ) : (
        <div className="destination-chips" id={listId}>
          {popular.map((code) => (
            <Link key={code} className="destination-chip" to={destinationPath({ kind: 'country', code })}>
              <Flag code={code} /> {destinationLabel({ kind: 'country', code }, lang)}
            </Link>
          ))}
          {regions.map((r) => (
            <Link key={r.key} className="destination-chip" to={destinationPath({ kind: 'region', key: r.key })}>
              <GlobeIcon /> {r.name[lang]}
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}
