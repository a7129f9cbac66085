import { useMemo } from 'react';
import { ADDRESS_COUNTRIES_FIRST, COUNTRY_CODES, countryName } from '@simshop/contract';
import { useLanguage, useTranslation } from '@/i18n';

/**
 * The address's country or region: the browser's own list (a wheel on a phone, type-to-find with
 * a keyboard, filled in by the browser's address autofill, which gives ISO codes), the shop's
 * usual countries first, then all of them by name in the page's language.
 */
export function CountrySelect({ value, invalid, onChange }: { value: string; invalid: boolean; onChange: (code: string) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const others = useMemo(() => {
    const collator = new Intl.Collator(lang);
    return COUNTRY_CODES.filter((code) => !ADDRESS_COUNTRIES_FIRST.includes(code))
      .map((code) => ({ code, name: countryName(code, lang, 'long') }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [lang]);
  return (
    <select
      name="country"
      className="country-select"
      autoComplete="country"
      value={value}
      aria-invalid={invalid || undefined}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="" disabled>
        {t('address.country.choose')}
      </option>
      <optgroup label={t('address.country.first')}>
        {ADDRESS_COUNTRIES_FIRST.map((code) => (
          <option key={code} value={code}>
            {countryName(code, lang, 'long')}
          </option>
        ))}
      </optgroup>
      <optgroup label={t('address.country.all')}>
        {others.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </optgroup>
    </select>
  );
}
