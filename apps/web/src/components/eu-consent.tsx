import { useId, useMemo, useState } from 'react';
import { countryCodeOf, countryName, EEA_ONLY_COUNTRIES, EU_COUNTRIES, isDigitalContentKind, isEuCountry } from '@simshop/contract';
import { TitledCard } from '@/components/titled-card';
import { useLanguage, useTranslation } from '@/i18n';
import '@/components/application-form.css';
import './eu-consent.css';

const COUNTRIES: readonly string[] = [...EU_COUNTRIES, ...EEA_ONLY_COUNTRIES];

/** The browser's region when it is an EU (EEA) one ("de-DE", "fr" → FR): the picker's first guess. */
function browserEuCountry(): string {
  if (typeof navigator === 'undefined') return '';
  for (const tag of navigator.languages ?? [navigator.language]) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && COUNTRIES.includes(region)) return region;
    } catch {
      // A tag the runtime cannot read: try the next.
    }
  }
  return '';
}

/**
 * An EU consumer's checkout: whether they live in the EU is the delivery address's country when
 * the order has one, else the country they pick here; digital goods then need the consent to
 * immediate performance (unticked, required). Returns what the order request carries, and a
 * blocker while the consent is missing.
 */
export function useEuConsent(input: { kinds: readonly string[]; addressCountry: string | null }) {
  const [declared, setDeclared] = useState(browserEuCountry);
  const [consent, setConsent] = useState(false);
  const digital = input.kinds.some(isDigitalContentKind);
  const fromAddress = input.addressCountry !== null;
  const country = fromAddress ? (countryCodeOf(input.addressCountry!) ?? '') : declared;
  const needsConsent = digital && isEuCountry(country);
  return {
    digital,
    /** Asked only when digital goods are bought and no address says where the customer lives. */
    asksResidence: digital && !fromAddress,
    declared,
    setDeclared,
    needsConsent,
    consent,
    setConsent,
    blocker: needsConsent && !consent ? 'checkout.consent.blocked' : null,
    request: { ...(!fromAddress && declared ? { residenceCountry: declared } : {}), performanceConsent: needsConsent && consent },
  };
}

export type EuConsentState = ReturnType<typeof useEuConsent>;

/** The country picker (when no address says it) and the consent checkbox, where they apply. */
export function EuConsentCard({ state, error }: { state: EuConsentState; error?: string | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = useId();
  const options = useMemo(() => {
    const collator = new Intl.Collator(lang);
    return COUNTRIES.map((code) => ({ code, name: countryName(code, lang, 'long') })).sort((a, b) => collator.compare(a.name, b.name));
  }, [lang]);
  if (!state.asksResidence && !state.needsConsent) return null;
  return (
    <TitledCard id={`${id}-title`} className="eu-consent" title={t(state.needsConsent ? 'checkout.consent.title' : 'checkout.residence.title')}>
      {state.asksResidence ? (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-country`}>
            {t('checkout.residence.label')}
          </label>
          <select id={`${id}-country`} className="field-select" autoComplete="country" aria-describedby={`${id}-hint`} value={state.declared} onChange={(e) => state.setDeclared(e.target.value)}>
            <option value="">{t('checkout.residence.outside')}</option>
            {options.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          <span className="muted" id={`${id}-hint`}>
            {t('checkout.residence.hint')}
          </span>
        </div>
      ) : null}
      {state.needsConsent ? (
        <div className={error ? 'field field--error' : 'field'}>
          {/* A native box: ticked by Space like any checkbox, and required (never ticked for the customer). */}
          <label className="eu-consent-check">
            <input type="checkbox" required checked={state.consent} aria-invalid={error ? true : undefined} onChange={(e) => state.setConsent(e.target.checked)} />
            <span>{t('checkout.consent.label')}</span>
          </label>
          {error ? (
            <span className="field-error" role="alert">
              {t(error)}
            </span>
          ) : null}
        </div>
      ) : null}
    </TitledCard>
  );
}
