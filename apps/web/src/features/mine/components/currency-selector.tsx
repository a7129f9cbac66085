import { PayCircleOutline } from 'antd-mobile-icons';
import { ChoiceSheet } from '@/components/choice-sheet';
import type { Currency } from '@simshop/contract';
import { useTranslation } from '@/i18n';
import { CURRENCIES, setCurrency, useCurrency } from '@/lib/currency';
import { updateStoredUser, useSession } from '@/lib/session';
import { useSetAccountCurrency, useSetResellerCurrency } from '../api/set-currency';

/**
 * The currency row of the mine page: prices, the cart and orders are in the chosen one (a
 * product the owner did not price in it shows its own, marked). Kept in this browser at once and,
 * signed in, on the account, so another device shows the same.
 */
export function CurrencySelector() {
  const { t } = useTranslation();
  const currency = useCurrency();
  const session = useSession();
  const forAccount = useSetAccountCurrency();
  const forReseller = useSetResellerCurrency();
  const choose = async (next: Currency) => {
    setCurrency(next);
    if (!session.loggedIn) return;
    const user = await (session.reseller ? forReseller : forAccount).mutateAsync({ currency: next });
    updateStoredUser(user);
  };
  // The enum's label key, written out: the contract's key helper would bring its schemas to the first screen.
  const label = (c: Currency) => `${t(`enum.currency.${c}`)} (${c})`;
  return (
    <ChoiceSheet
      icon={<PayCircleOutline />}
      label={t('mine.currency')}
      title={t('mine.currency.title')}
      value={currency}
      options={CURRENCIES.map((c) => ({ value: c, text: label(c) }))}
      onChoose={(c) => void choose(c)}
      testId="currency-selector"
    />
  );
}
