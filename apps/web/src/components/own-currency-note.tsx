import type { Currency } from '@simshop/contract';
import { useTranslation } from '@/i18n';
import { useCurrency } from '@/lib/currency';

/**
 * Beside a price in a currency other than the customer's: the owner gave this product no price
 * in the chosen one, so it is shown (and sold) in its own. Nothing is converted by a rate.
 */
export function OwnCurrencyNote({ currency }: { currency: Currency }) {
  const { t } = useTranslation();
  const chosen = useCurrency();
  if (currency === chosen) return null;
  return <span className="own-currency-note">{t('currency.own-note', { currency })}</span>;
}
